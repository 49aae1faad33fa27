import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from '../../lib/use-debounced-value';

/**
 * A list's search, filters and page, kept in the URL so that a link or a reload shows the same
 * list. `prefix` keeps two lists on one page apart (`admins.search`, `users.search`). Changing the
 * search or a filter goes back to page 1; typing replaces the history entry instead of adding one
 * per keystroke. A value equal to its default is left out of the URL.
 */
export function useListParams<Filters extends Record<string, string>>(
  defaults: Filters,
  { prefix = '' }: { prefix?: string } = {},
) {
  const [params, setParams] = useSearchParams();
  const key = (name: string) => (prefix ? `${prefix}.${name}` : name);

  const search = params.get(key('search')) ?? '';
  const page = Math.max(1, Number.parseInt(params.get(key('page')) ?? '1', 10) || 1);
  const filters = { ...defaults };
  for (const name of Object.keys(defaults) as (keyof Filters & string)[]) {
    const value = params.get(key(name));
    if (value !== null) filters[name] = value as Filters[typeof name];
  }

  // The URL a change has asked for but the router has not rendered yet. React Router hands an
  // updater the params of the last render, so two changes before the next render (a search typed,
  // then an action picked, on a slow phone) would each start from the old URL, and the second
  // would drop the first; each change starts from the last one asked for instead.
  const asked = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    asked.current = null;
  }, [params]);

  const update = (changes: Record<string, string | null>, { replace = false } = {}) => {
    const next = new URLSearchParams(asked.current ?? params);
    for (const [name, value] of Object.entries(changes)) {
      if (value === null || value === '' || value === defaults[name]) next.delete(key(name));
      else next.set(key(name), value);
    }
    asked.current = next;
    setParams(next, { replace, preventScrollReset: true });
  };

  return {
    search,
    /** The search once typing pauses: what to ask the server for. */
    debouncedSearch: useDebouncedValue(search.trim()),
    filters,
    page,
    isFiltered:
      search.trim() !== '' ||
      Object.entries(filters).some(([name, value]) => value !== defaults[name]),
    setSearch: (value: string) => update({ search: value, page: null }, { replace: true }),
    setFilter: (name: keyof Filters & string, value: string) =>
      update({ [name]: value, page: null }),
    /** Sets several filters at once (a tab that also drops a filter only its own tab holds). */
    setFilters: (changes: Partial<Record<keyof Filters & string, string>>) =>
      update({ ...(changes as Record<string, string>), page: null }),
    /** Clears several filters at once (a link's filters, under "Show all"). */
    clearFilters: (names: readonly (keyof Filters & string)[]) =>
      update({ ...Object.fromEntries(names.map((name) => [name, null])), page: null }),
    setPage: (value: number) => update({ page: value <= 1 ? null : String(value) }),
  };
}
