import { CALENDAR_FEED_TEXTS, type CourtDateList } from '@firm/shared';
import { expect } from 'vitest';
import { clientFor, describeAccessMatrix, type MatrixEndpoint } from '../../../test/access-matrix';
import { seedCase } from '../../../test/cases';

/**
 * Who may call the court-date and calendar-feed endpoints (ADR 025), for every kind of
 * caller. Court dates follow `cases:view`; the feed's own settings are every signed-in person's.
 * The feed file itself takes no session (its secret is the path): calendar-feed.test.ts.
 */

let seq = 0;
const unique = (prefix: string) => `${prefix}-${(seq += 1)}@court-matrix.test`;

const ENDPOINTS: Record<string, MatrixEndpoint> = {
  'GET /court-dates': {
    action: 'cases:view',
    deniedMessage: CALENDAR_FEED_TEXTS.viewDenied,
    allowed: 200,
    request: async (ctx, caller) => {
      await seedCase(ctx, await clientFor(ctx, caller, unique('client')), {
        courtDate: new Date(Date.now() + 3 * 24 * 60 * 60 * 1000),
        court: 'Milimani Law Courts',
      });
      return { method: 'GET', url: '/api/court-dates' };
    },
    check: (body, caller) => {
      const list = body as CourtDateList;
      expect(list.courtDates.length).toBeGreaterThan(0);
      if (caller.actor?.role === 'client') {
        expect(list.courtDates.every((entry) => entry.clientName === null)).toBe(true);
      }
    },
  },
  'GET /profile/calendar-feed': {
    allowed: 200,
    request: () => ({ method: 'GET', url: '/api/profile/calendar-feed' }),
  },
  'POST /profile/calendar-feed': {
    allowed: 200,
    request: () => ({ method: 'POST', url: '/api/profile/calendar-feed' }),
    check: (body) => expect((body as { url: string }).url).toMatch(/\/api\/calendar\/.+\.ics$/),
  },
  'DELETE /profile/calendar-feed': {
    allowed: 200,
    request: () => ({ method: 'DELETE', url: '/api/profile/calendar-feed' }),
  },
};

describeAccessMatrix('/api/court-dates and /api/profile/calendar-feed', ENDPOINTS);
