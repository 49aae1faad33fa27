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
