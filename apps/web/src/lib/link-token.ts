/**
 * The token of an emailed link (password reset, email change). Links carry it in the fragment (`/reset-password#token=…`),
 * which the browser never sends to the server, so it reaches no server or proxy log. Links emailed
 * before that change carry `?token=…`; both are read.
 */
export function readResetToken(location: Pick<Location, 'hash' | 'search'>): string | null {
  const fromFragment = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  const token = fromFragment || new URLSearchParams(location.search).get('token');
  return token || null;
}

/**
 * Takes the token out of the address bar once it has been read, so it is not left on screen, in
 * the browser history or in a Referer. The router's own state is kept (only the URL changes).
 */
export function removeResetTokenFromAddress(
  location: Pick<Location, 'pathname' | 'hash' | 'search'>,
  history: Pick<History, 'state' | 'replaceState'>,
): void {
  const query = new URLSearchParams(location.search);
  const fragment = new URLSearchParams(location.hash.replace(/^#/, ''));
  if (!query.has('token') && !fragment.has('token')) return;
  query.delete('token');
  const search = query.toString();
  history.replaceState(history.state, '', `${location.pathname}${search ? `?${search}` : ''}`);
}
