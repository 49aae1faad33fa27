/** `path` with a list's filters as its query string: left-out, empty and `all` values are not sent. */
export function listPath(path: string, filters: object): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(filters)) {
    if (value !== undefined && value !== null && value !== '' && value !== 'all') {
      params.set(name, String(value));
    }
  }
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}
