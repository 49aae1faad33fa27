import { lazy, Suspense, useSyncExternalStore, type ComponentType } from 'react';
import type { ToastOptions } from 'react-hot-toast';

/**
 * Toasts without react-hot-toast on public pages. The toaster is mounted once, for the whole app
 * (Providers), but renders and downloads nothing until it is wanted: when the portal layout mounts
 * (its screens call react-hot-toast directly) or when code that every page loads shows a toast
 * through `notify`. One toaster rather than one per layout, so a toast outlives the page it was
 * shown on: signing out leaves the portal for the home page, where "Logged out successfully" shows.
 */
const AppToaster = lazy<ComponentType>(() =>
  import('./toaster').then(
    (m) => ({ default: m.AppToaster }),
    // Offline: no toasts on this page, rather than an error screen for the whole app.
    () => ({ default: () => null }),
  ),
);

let isToasterWanted = false;
const listeners = new Set<() => void>();

/** Mount the toaster from now on (it stays: toasts live in react-hot-toast's module-level store). */
export function wantToaster() {
  if (isToasterWanted) return;
  isToasterWanted = true;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** Prerendered pages and their hydration never have a toaster. */
const getServerSnapshot = () => false;
const getSnapshot = () => isToasterWanted;

export function DeferredToaster() {
  const isWanted = useSyncExternalStore(subscribe, getSnapshot, getServerSnapshot);
  if (!isWanted) return null;
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  );
}

async function show(kind: 'success' | 'error', message: string, options?: ToastOptions) {
  wantToaster();
  try {
    const { toast } = await import('react-hot-toast');
    toast[kind](message, options);
  } catch {
    // The library could not load (offline): the toast is lost, nothing else.
  }
}

/** Toasts for code that every page loads (the session): react-hot-toast loads with the first. */
export const notify = {
  success: (message: string, options?: ToastOptions) => show('success', message, options),
  error: (message: string, options?: ToastOptions) => show('error', message, options),
};
