import { api } from './api-client';

/**
 * The header's nav badges (a manifest item's `countPath`) ask again when a screen says that what
 * they count changed (an enquiry picked up or closed), instead of waiting for their next refresh.
 */
const EVENT = 'nav-counts-changed';

export function refreshNavCounts(): void {
  window.dispatchEvent(new Event(EVENT));
}

export function onNavCountsChanged(listener: () => void): () => void {
  window.addEventListener(EVENT, listener);
  return () => window.removeEventListener(EVENT, listener);
}

/**
 * A nav badge's number: `countPath` is the manifest's (packages/shared/src/portal-manifest.ts),
 * an endpoint answering `{ count }` (the Enquiries inbox's new enquiries).
 */
export function fetchNavCount(countPath: string, signal?: AbortSignal): Promise<number> {
  return api.get<{ count: number }>(countPath, signal).then((answer) => answer.count);
}
