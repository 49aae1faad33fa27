import { LIST_DEFAULT_LIMIT, nairobiToday } from '@firm/shared';
import { SESSION_CHECK_PATH } from '../lib/api-base';
import { askEarly } from '../lib/early-answers';
import { appointmentsListPath, courtDatesPath } from '../features/appointments/api/paths';
import { casePath, casesListPath } from '../features/cases/api/paths';
import { DASHBOARD_STATS_PATH } from '../features/dashboard/api/paths';
import { conversationsPath, messagesPath } from '../features/messages/api/paths';
import { PROFILE_PATHS } from '../features/profile/api/paths';

/**
 * What a portal screen asks for first, named as its queries name it (the features' api/paths.ts),
 * so that it can be asked for with the session check as the page starts (boot.ts). On a phone's
 * connection the session check otherwise waited for React's download and start, and the screen's
 * first data for the session's answer and the screen's first render after that (ADR 032).
 *
 * Only what a screen asks for whoever is signed in, from an address without filters: anything
 * else it asks for itself, as before. An answer nobody takes is dropped (lib/early-answers.ts).
 */
type FirstRequests = (
  params: Record<string, string | undefined>,
  search: URLSearchParams,
) => string[];

const firstCases = () => casesListPath({ page: 1, limit: LIST_DEFAULT_LIMIT });
const firstConversations = () => conversationsPath('', 1);

const FIRST_REQUESTS: Record<string, FirstRequests> = {
  '/dashboard': () => [DASHBOARD_STATS_PATH],
  '/cases': (_, search) => (!search.toString() ? [firstCases()] : []),
  // The detail opens over the list it was opened from.
  '/cases/:id': ({ id }, search) => [casePath(id!), ...(!search.toString() ? [firstCases()] : [])],
  '/messages': (_, search) => {
    const opened = search.get('c');
    if ([...search.keys()].length > (opened ? 1 : 0)) return [];
    return [firstConversations(), ...(opened ? [messagesPath(opened, null)] : [])];
  },
  // A client's court dates, then their appointments; staff see these too, in their own agenda.
  '/appointments': (_, search) =>
    !search.toString()
      ? [courtDatesPath({ from: nairobiToday() }), appointmentsListPath({ page: 1, sort: 'asc' })]
      : [],
  // The profile alone: its words are the largest paint. Its eight panels' data, asked for with it,
  // held back the screen's code on a phone's six connections (largest paint 3.25 s against 2.95 s
  // in alternated runs); the screen asks for them as it draws.
  '/profile': () => [PROFILE_PATHS.profile],
};

/**
 * The pattern's parameters when `pathname` is one of its addresses. Not React Router's matchPath:
 * this module runs before React and the router have arrived (boot.ts).
 */
function matchPattern(pattern: string, pathname: string): Record<string, string> | null {
  const wanted = pattern.split('/').filter(Boolean);
  const given = pathname.split('/').filter(Boolean);
  if (wanted.length !== given.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of wanted.entries()) {
    const value = given[index]!;
    if (!part.startsWith(':')) {
      if (part !== value) return null;
      continue;
    }
    try {
      params[part.slice(1)] = decodeURIComponent(value);
    } catch {
      return null; // a malformed address: the screen will say so itself
    }
  }
  return params;
}

/** The addresses the screen at this location asks for first (none for a page not listed). */
export function firstRequestsOf(location: Pick<Location, 'pathname' | 'search'>): string[] {
  const search = new URLSearchParams(location.search);
  for (const [pattern, requests] of Object.entries(FIRST_REQUESTS)) {
    const params = matchPattern(pattern, location.pathname);
    if (params) return requests(params, search);
  }
  return [];
}

/**
 * Asks, with the stored token, for who is signed in (the session's GET /auth/me, lib/session.tsx)
 * and for what the screen at this location will ask for first.
 */
export function askFirstRequests(location: Pick<Location, 'pathname' | 'search'>): void {
  askEarly([SESSION_CHECK_PATH, ...firstRequestsOf(location)]);
}
