/**
 * The token of a visitor's emailed link (`/appointments/manage#token=…`). It travels in the
 * fragment, which the browser never sends to a server, so it reaches no server or proxy log.
 */
export function readBookingToken(location: Pick<Location, 'hash'>): string | null {
  return new URLSearchParams(location.hash.replace(/^#/, '')).get('token') || null;
}

/** Takes the token out of the address bar once read; the router's state is kept. */
export function removeBookingTokenFromAddress(
  location: Pick<Location, 'pathname' | 'hash' | 'search'>,
  history: Pick<History, 'state' | 'replaceState'>,
): void {
  if (!new URLSearchParams(location.hash.replace(/^#/, '')).has('token')) return;
  history.replaceState(history.state, '', `${location.pathname}${location.search}`);
}
