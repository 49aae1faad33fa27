import { PORTAL_FEATURES } from '@firm/shared';
import { SESSION_CHECK_PATH } from '../lib/api-base';
import { askEarly } from '../lib/early-answers';

/*
 * What a portal screen asks for first is its manifest entry's `firstData`
 * (packages/shared/src/portal-manifest.ts), asked for with the session check as the page starts
 * (boot.ts). On a phone's connection the session check otherwise waited for React's download and
 * start, and the screen's first data for the session's answer and the screen's first render after
 * that (ADR 032). An answer nobody takes is dropped (lib/early-answers.ts).
 */

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
  for (const feature of PORTAL_FEATURES) {
    for (const path of feature.paths) {
      const params = matchPattern(path, location.pathname);
      if (params) return [...(feature.firstData?.({ path, params, search }) ?? [])];
    }
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
