import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import type { UserRow } from '../../db/schema';

/**
 * A court date on a weekend or a public holiday is asked about, not refused (ADR 025): 409
 * COURT_DAY_UNUSUAL with the question, unless the request says the person saw it and keeps it.
 */

let ctx: TestContext;
let advocate: UserRow;
let client: UserRow;
let token = '';

beforeAll(async () => {
  ctx = await createTestContext();
  advocate = await seedUser(ctx, {
    role: 'advocate',
    email: 'muthoni.karanja-wekesa@court-day.test',
    firstName: 'Muthoni',
    lastName: 'Karanja-Wekesa',
  });
  client = await seedUser(ctx, {
    role: 'client',
    email: 'kipchumba.rotich-langat@court-day.test',
    firstName: 'Kipchumba',
    lastName: 'Rotich-Langat',
  });
  token = await sessionFor(ctx, advocate);
});
afterAll(() => ctx.close());
afterEach(async () => {
  await settleMail(ctx);
  ctx.mail.length = 0;
});

// 08:30 in Nairobi (UTC+3).
const JAMHURI_DAY = '2026-12-12T05:30:00.000Z'; // Saturday 12 December 2026
const SUNDAY = '2027-01-17T05:30:00.000Z';
const MADARAKA_DAY = '2027-06-01T05:30:00.000Z'; // a Tuesday
const TUESDAY = '2027-01-19T05:30:00.000Z';

async function caseWithoutCourtDate() {
  return seedCase(ctx, client.id, { assigneeId: advocate.id, court: 'Kiambu High Court' });
}
const setCourtDate = (id: string, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'PUT',
    url: `/api/cases/${id}`,
    payload: { version: 1, ...payload },
    headers: bearer(token),
  });
const courtDateOf = async (id: string) =>
  (await ctx.app.inject({ method: 'GET', url: `/api/cases/${id}`, headers: bearer(token) })).json()
    .case.courtDate as string | null;

describe('a court date on a weekend or a public holiday', () => {
  it('is asked about (409, named), saved nowhere and sent to nobody until confirmed', async () => {
    const row = await caseWithoutCourtDate();
    const asked = await setCourtDate(row.id, { courtDate: JAMHURI_DAY });
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json()).toMatchObject({
      code: 'COURT_DAY_UNUSUAL',
      message: 'Saturday 12 December 2026 is Jamhuri Day. Courts rarely sit then. Save anyway?',
    });
    expect(await courtDateOf(row.id)).toBeNull();
    await settleMail(ctx);
    expect(ctx.mail.filter((mail) => mail.to === client.email)).toEqual([]);

    const kept = await setCourtDate(row.id, { courtDate: JAMHURI_DAY, courtDateConfirmed: true });
    expect(kept.statusCode, kept.body).toBe(200);
    expect(await courtDateOf(row.id)).toBe(JAMHURI_DAY);
  });

  it('names a weekend day, and a weekday holiday', async () => {
    const sunday = await setCourtDate((await caseWithoutCourtDate()).id, { courtDate: SUNDAY });
    expect(sunday.statusCode).toBe(409);
    expect(sunday.json().message).toBe(
      'Sunday 17 January 2027 is a weekend day. Courts rarely sit then. Save anyway?',
    );
    const madaraka = await setCourtDate((await caseWithoutCourtDate()).id, {
      courtDate: MADARAKA_DAY,
    });
    expect(madaraka.statusCode).toBe(409);
    expect(madaraka.json().message).toBe(
      'Tuesday 1 June 2027 is Madaraka Day. Courts rarely sit then. Save anyway?',
    );
  });

  it('an ordinary weekday is saved at once; so is a new case’s, once confirmed', async () => {
    const weekday = await setCourtDate((await caseWithoutCourtDate()).id, { courtDate: TUESDAY });
    expect(weekday.statusCode, weekday.body).toBe(200);

    const opening = {
      title: 'Succession Cause: estate of the late Mzee Rotich arap Langat, Kericho',
      description: 'Letters of administration for the tea farm at Kapsoit; objection by a cousin.',
      category: 'family',
      priority: 'high',
      clientId: client.id,
      court: 'Kericho High Court',
      courtDate: JAMHURI_DAY,
    };
    const open = (extra: Record<string, unknown>) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/cases',
        payload: { ...opening, ...extra },
        headers: bearer(token),
      });
    const asked = await open({});
    expect(asked.statusCode, asked.body).toBe(409);
    expect(asked.json().code).toBe('COURT_DAY_UNUSUAL');
    const opened = await open({ courtDateConfirmed: true });
    expect(opened.statusCode, opened.body).toBe(201);
  });
});
