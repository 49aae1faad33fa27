import { describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { useTwoInstances } from '../../../test/two-instances';

/**
 * Two tabs (or a phone and a laptop) reaching two server processes at once (ADR 050): one timer
 * is started, and the same entries are drafted onto one fee note only. Needs TEST_DATABASE_URL.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

describe.runIf(serverUrl)('time on two app instances', () => {
  const { apps, contextOf } = useTwoInstances(serverUrl!, 'time', { messageNotices: false });

  it('starts one timer when two tabs start one on two processes at once', async () => {
    const [a, b] = [apps[0]!.app, apps[1]!.app];
    const ctx = contextOf(0);
    const advocate = await seedUser(ctx, { role: 'advocate', email: 'otieno@time-race.test' });
    const client = await seedUser(ctx, { role: 'client', email: 'kamau@time-race.test' });
    const theCase = await seedCase(ctx, client.id);
    const headers = bearer(await sessionFor(ctx, advocate));
    const start = { action: 'start', caseId: theCase.id };
    const answers = await Promise.all(
      [a, b, a, b].map((app) =>
        app.inject({ method: 'POST', url: '/api/timer', headers, payload: start }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    for (const app of [a, b]) {
      const found = await app.inject({ method: 'GET', url: '/api/timer', headers });
      expect(found.json().timer).toMatchObject({ caseId: theCase.id, paused: false });
    }
  });

  it('drafts the same entries onto one fee note when two processes are asked at once', async () => {
    const [a, b] = [apps[0]!.app, apps[1]!.app];
    const ctx = contextOf(0);
    const advocate = await seedUser(ctx, { role: 'advocate', email: 'achieng@time-race.test' });
    const client = await seedUser(ctx, { role: 'client', email: 'wanjiru@time-race.test' });
    const theCase = await seedCase(ctx, client.id);
    const headers = bearer(await sessionFor(ctx, advocate));
    const made = await a.inject({
      method: 'POST',
      url: '/api/time-entries',
      headers,
      payload: {
        caseId: theCase.id,
        date: '2026-12-07',
        minutes: 60,
        activity: 'drafting',
        narrative: 'Drafting the sale agreement',
        rateKsh: 10_000,
      },
    });
    const entryId = made.json().id as string;
    const answers = await Promise.all(
      [a, b].map((app) =>
        app.inject({
          method: 'POST',
          url: '/api/fee-notes/from-unbilled',
          headers,
          payload: { entryIds: [entryId] },
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    const notes = await a.inject({ method: 'GET', url: '/api/fee-notes', headers });
    expect(notes.json().total).toBe(1);
  });
});
