/**
 * Runs `callback` once the browser is idle, or after `timeoutMs` at the latest, and answers a
 * function that cancels it. Safari has no requestIdleCallback: a short timer stands in.
 */
export function whenIdle(
  callback: () => void,
  { timeoutMs = 2000, fallbackMs = 300 }: { timeoutMs?: number; fallbackMs?: number } = {},
): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(callback, fallbackMs);
  return () => window.clearTimeout(id);
}
