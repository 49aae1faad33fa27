import type { TimeEntry, Timer } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { call, the, useTimeTestContext } from './time-test-kit';

/**
 * Time entries and the timer through HTTP (ADR 050): 6-minute units, the value at the rate that
 * applies (the entry's own, the case's agreed rate, the person's default), rounded half up to the
 * shilling, and one server-kept timer per person.
 */

useTimeTestContext();

const entry = (overrides: Record<string, unknown> = {}) => ({
  caseId: the.theCase.id,
  date: '2026-12-07',
  minutes: 30,
  activity: 'drafting',
  narrative: 'Drafting the plaint',
  billable: true,
  ...overrides,
});

async function record(token: string, overrides: Record<string, unknown> = {}) {
  const response = await call(token, 'POST', '/api/time-entries', entry(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as TimeEntry;
}

describe('time entries', () => {
  it('rounds minutes up to whole 6-minute units', async () => {
    const cases = [
      [1, 6],
      [6, 6],
      [7, 12],
      [59, 60],
      [61, 66],
    ] as const;
    for (const [typed, stored] of cases) {
      expect((await record(the.advocateToken, { minutes: typed })).minutes).toBe(stored);
    }
  });

  it('values time at the person’s rate, the case’s agreed rate over it, and the entry’s own over both', async () => {
    // No rate anywhere yet: the time is recorded, worth nothing.
    expect((await record(the.advocateToken, { caseId: the.secondCase.id })).valueKsh).toBe(0);

    const rate = await call(the.advocateToken, 'PUT', `/api/time-rates/${the.advocate.id}`, {
      hourlyRateKsh: 15_000,
    });
    expect(rate.statusCode, rate.body).toBe(200);
    const own = await record(the.advocateToken, { caseId: the.secondCase.id, minutes: 30 });
    expect(own).toMatchObject({ rateKsh: 15_000, valueKsh: 7_500 });

    const agreed = await call(
      the.advocateToken,
      'PUT',
      `/api/cases/${the.secondCase.id}/fee-arrangement`,
      { kind: 'hourly', agreedOn: '2026-12-01', hourlyRateKsh: 12_000 },
    );
    expect(agreed.statusCode, agreed.body).toBe(200);
    const onCase = await record(the.advocateToken, { caseId: the.secondCase.id, minutes: 30 });
    expect(onCase).toMatchObject({ rateKsh: 12_000, valueKsh: 6_000 });

    const typed = await record(the.advocateToken, {
      caseId: the.secondCase.id,
      minutes: 30,
      rateKsh: 20_000,
    });
    expect(typed).toMatchObject({ rateKsh: 20_000, valueKsh: 10_000 });
    // The entry recorded before the case's rate keeps the rate it had.
    const list = await call(
      the.advocateToken,
      'GET',
      `/api/time-entries?caseId=${the.secondCase.id}`,
    );
    const mine = (list.json() as { entries: TimeEntry[] }).entries.find((e) => e.id === own.id);
    expect(mine?.rateKsh).toBe(15_000);
  });

  it('rounds a value half up to the shilling', async () => {
    // 6 minutes at 1,005 an hour is 100.5: 101. At 1,004 it is 100.4: 100.
    expect((await record(the.advocateToken, { minutes: 6, rateKsh: 1_005 })).valueKsh).toBe(101);
    expect((await record(the.advocateToken, { minutes: 6, rateKsh: 1_004 })).valueKsh).toBe(100);
    expect((await record(the.advocateToken, { minutes: 6, rateKsh: 1_015 })).valueKsh).toBe(102);
  });

  it('refuses a bad entry with each field’s message, never a 500', async () => {
    const bad = await call(the.advocateToken, 'POST', '/api/time-entries', {
      caseId: 'not-an-id',
      date: '2026-13-45',
      minutes: 0,
      activity: '',
      narrative: '   ',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(
      expect.arrayContaining(['caseId', 'date', 'minutes', 'activity', 'narrative']),
    );
    const unknownActivity = await call(
      the.advocateToken,
      'POST',
      '/api/time-entries',
      entry({ activity: 'golf' }),
    );
    expect(unknownActivity.statusCode).toBe(400);
    expect(unknownActivity.json().message).toBe('Choose one of the firm’s activities');
    const noCase = await call(
      the.advocateToken,
      'POST',
      '/api/time-entries',
      entry({ caseId: '00000000-0000-4000-8000-000000000000' }),
    );
    expect(noCase.statusCode).toBe(400);
  });

  it('shows an admin without canManageCases their own entries only, and hides others’ as not found', async () => {
    const theirs = await record(the.clerkToken, { narrative: 'Perusal of the lease' });
    const advocates = await record(the.advocateToken);
    const list = await call(the.clerkToken, 'GET', '/api/time-entries');
    const ids = (list.json() as { entries: TimeEntry[] }).entries.map((e) => e.id);
    expect(ids).toContain(theirs.id);
    expect(ids).not.toContain(advocates.id);
    const edit = await call(the.clerkToken, 'PUT', `/api/time-entries/${advocates.id}`, entry());
    expect(edit.statusCode).toBe(404);
    // The advocate (who bills) sees everyone's.
    const all = await call(the.advocateToken, 'GET', '/api/time-entries');
    expect((all.json() as { entries: TimeEntry[] }).entries.map((e) => e.id)).toContain(theirs.id);
  });

  it('changes and deletes an unbilled entry', async () => {
    const made = await record(the.advocateToken, { rateKsh: 6_000 });
    const changed = await call(
      the.advocateToken,
      'PUT',
      `/api/time-entries/${made.id}`,
      entry({ minutes: 50, narrative: 'Drafting the amended plaint' }),
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ minutes: 54, rateKsh: 6_000, valueKsh: 5_400 });
    const gone = await call(the.advocateToken, 'DELETE', `/api/time-entries/${made.id}`);
    expect(gone.statusCode).toBe(200);
    expect(
      (await call(the.advocateToken, 'DELETE', `/api/time-entries/${made.id}`)).statusCode,
    ).toBe(404);
  });
});

describe('the timer', () => {
  it('is one per person: two tabs starting at once make one timer, the other is told it runs', async () => {
    const [a, b] = await Promise.all([
      call(the.clerkToken, 'POST', '/api/timer', { action: 'start', caseId: the.theCase.id }),
      call(the.clerkToken, 'POST', '/api/timer', { action: 'start', caseId: the.secondCase.id }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(refused.json().message).toMatch(/already have a timer running/);
    // A reload (or another tab) finds it on the server.
    const found = await call(the.clerkToken, 'GET', '/api/timer');
    const timer = found.json().timer as Timer;
    expect(timer.paused).toBe(false);
    expect([the.theCase.id, the.secondCase.id]).toContain(timer.caseId);
  });

  it('pauses, resumes, and stops filing a time entry in 6-minute units', async () => {
    const paused = await call(the.clerkToken, 'POST', '/api/timer', { action: 'pause' });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().timer).toMatchObject({ paused: true, runningSince: null });
    expect((await call(the.clerkToken, 'POST', '/api/timer', { action: 'pause' })).statusCode).toBe(
      409,
    );
    const resumed = await call(the.clerkToken, 'POST', '/api/timer', { action: 'resume' });
    expect(resumed.json().timer.paused).toBe(false);
    const caseId = (resumed.json().timer as Timer).caseId;
    const stopped = await call(the.clerkToken, 'POST', '/api/timer', {
      action: 'stop',
      activity: 'research',
      narrative: 'Research on adverse possession',
    });
    expect(stopped.statusCode, stopped.body).toBe(200);
    expect(stopped.json().timer).toBeNull();
    expect(stopped.json().entry).toMatchObject({
      caseId,
      minutes: 6,
      activity: 'research',
      narrative: 'Research on adverse possession',
      userId: the.clerk.id,
    });
    expect((await call(the.clerkToken, 'GET', '/api/timer')).json()).toEqual({ timer: null });
  });

  it('is thrown away without an entry, and a stop without a timer is refused', async () => {
    const started = await call(the.advocateToken, 'POST', '/api/timer', {
      action: 'start',
      caseId: the.theCase.id,
    });
    expect(started.statusCode).toBe(200);
    expect((await call(the.advocateToken, 'DELETE', '/api/timer')).json()).toEqual({ timer: null });
    const stop = await call(the.advocateToken, 'POST', '/api/timer', { action: 'stop' });
    expect(stop.statusCode).toBe(409);
    expect(stop.json().message).toBe('You have no timer running');
    const bad = await call(the.advocateToken, 'POST', '/api/timer', { action: 'jump' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('the records time keeps', () => {
  it('keeps a case with time on it, and a person who recorded time, from being deleted', async () => {
    const theCase = the.secondCase;
    const refused = await call(the.advocateToken, 'DELETE', `/api/cases/${theCase.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toMatch(/time or expenses recorded/);
    const person = await call(
      the.advocateToken,
      'DELETE',
      `/api/user-management/user/${the.clerk.id}`,
    );
    expect(person.statusCode).toBe(409);
    expect(person.json().message).toMatch(/time or expenses recorded/);
  });
});
