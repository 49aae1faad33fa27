import { ETIMS_TEXTS as T, type FeeNote } from '@firm/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { startEtimsSimulator, type EtimsSimulator } from '../../../test/etims-simulator';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import type { UserRow } from '../../db/schema';
import { etimsEnv } from './etims-test-kit';

/**
 * KRA eTIMS when KRA misbehaves (ADR 049), over HTTP against the local OSCU, on a clock the test
 * moves (the sender's `now`; what billing wrote at issue is moved in the database): KRA down for
 * ten minutes, a lost answer (KRA's 994), 48 hours without an answer, and the client's email
 * waiting for KRA's answer or for 24 hours.
 */

let kra: EtimsSimulator;
let ctx: TestContext;
let client: UserRow;
let advocate: Record<string, string>;
/** How far the sender's clock is ahead of the real one (billing writes with the real one). */
let ahead = 0;
const MINUTE = 60_000;

beforeAll(async () => {
  kra = await startEtimsSimulator();
  ctx = await createTestContext(etimsEnv(kra));
  await ctx.app.etims.settle();
  ctx.app.etims.deps.now = () => new Date(Date.now() + ahead);
  advocate = bearer(
    await sessionFor(ctx, await seedUser(ctx, { role: 'advocate', email: 'adv@etims-ops.test' })),
  );
  client = await seedUser(ctx, { role: 'client', email: 'client@etims-ops.test' });
  // The app, KRA's set-up and the simulator: past the default on a busy machine.
}, 120_000);
afterAll(async () => {
  await ctx.close();
  await kra.close();
});

const call = (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, headers: advocate, ...(payload ? { payload } : {}) });

async function issued(): Promise<FeeNote> {
  const drafted = await call('POST', '/api/fee-notes', {
    clientId: client.id,
    dueDate: '2026-12-30',
    lines: [{ kind: 'fee', description: 'Drafting the lease', quantity: 1, unitPriceKsh: 20_000 }],
  });
  expect(drafted.statusCode, drafted.body).toBe(201);
  const issuing = await call('POST', `/api/fee-notes/${drafted.json().feeNote.id}/issue`);
  expect(issuing.statusCode, issuing.body).toBe(200);
  await ctx.app.etims.settle();
  return issuing.json().feeNote as FeeNote;
}

const etimsOf = async (id: string) =>
  ((await call('GET', `/api/fee-notes/${id}`)).json() as FeeNote).etims;
const received = (number: string) => kra.sales.filter((sale) => sale.trdInvcNo === number);
/** One minute of the sweep: the clock moved on, then what is due sent. */
async function minutes(count: number) {
  for (let i = 0; i < count; i += 1) {
    ahead += MINUTE;
    await ctx.app.etims.sweep();
  }
}
/** The client's emails about `number` since `from` (earlier notes' emails may still be going). */
const emailsTo = (from: number, number: string) =>
  ctx.mail.slice(from).filter((mail) => mail.to === client.email && mail.subject.includes(number));

describe('KRA down, a lost answer, 48 hours', () => {
  it('keeps trying through ten minutes of KRA down, then sends each once, in order', async () => {
    ahead = 0;
    const before = kra.sales.length;
    kra.down(true);
    const notes = [await issued(), await issued(), await issued()];
    await minutes(10);
    expect(kra.sales).toHaveLength(before);
    for (const note of notes) expect(await etimsOf(note.id)).toEqual({ state: 'awaiting' });

    kra.down(false);
    // The backoff is under 30 minutes: within it every one has gone, and nothing twice.
    await minutes(30);
    expect(kra.sales.slice(before).map((sale) => sale.trdInvcNo)).toEqual(
      notes.map((note) => note.number),
    );
    for (const note of notes) {
      expect(await etimsOf(note.id)).toMatchObject({ state: 'sent' });
    }
  });

  it("reads KRA's 994 after a lost answer as KRA has it, and never sends it again", async () => {
    ahead = 0;
    const note = await issued();
    expect(received(note.number!)).toHaveLength(1);
    // The sender died after KRA took it, before the answer was recorded: its lease runs out.
    await ctx.database.db.execute(
      sql`update etims_transmissions set state = 'sending', sending_since = now() - interval '10 minutes', cur_rcpt_no = null, tot_rcpt_no = null, rcpt_sign = null, sdc_date_time = null, sent_at = null where fee_note_id = ${note.id}`,
    );
    // The next issue's sending finds it first: KRA answers 994.
    const next = await issued();
    await minutes(1);
    expect(await etimsOf(note.id)).toEqual({ state: 'kra_has_it' });
    expect(received(note.number!)).toHaveLength(1);
    // The one behind it went on.
    expect(received(next.number!)).toHaveLength(1);
    const posts = kra.requests.filter((request) => request.path === '/saveTrnsSalesOsdc').length;
    await minutes(3);
    expect(kra.requests.filter((request) => request.path === '/saveTrnsSalesOsdc')).toHaveLength(
      posts,
    );
  });

  it('stops after 48 hours without an answer, tells the advocates once, and Retry starts again', async () => {
    ahead = 0;
    kra.down(true);
    const note = await issued();
    const held = await issued();
    ahead += 48 * 60 * MINUTE;
    await ctx.database.db.execute(
      sql`update etims_transmissions set next_attempt_at = now() where fee_note_id = ${note.id}`,
    );
    await minutes(1);
    expect(await etimsOf(note.id)).toEqual({ state: 'failed', message: T.failedMessage });
    expect(await etimsOf(held.id)).toEqual({ state: 'awaiting' });
    const problems = await call('GET', '/api/settings/etims/transmissions');
    expect(problems.statusCode, problems.body).toBe(200);
    expect(problems.json().transmissions).toEqual([
      expect.objectContaining({
        feeNoteId: note.id,
        number: note.number,
        kind: 'sale',
        state: 'failed',
        message: T.failedMessage,
      }),
    ]);
    await minutes(60);
    const bell = JSON.stringify((await call('GET', '/api/notifications')).json());
    expect(bell.split(T.failedNoticeTitle(note.number!)).length - 1).toBe(1);
    expect(kra.sales.filter((sale) => sale.trdInvcNo === note.number)).toHaveLength(0);

    kra.down(false);
    const retried = await call('POST', `/api/fee-notes/${note.id}/etims/retry`);
    expect(retried.statusCode, retried.body).toBe(200);
    await ctx.app.etims.settle();
    expect(await etimsOf(note.id)).toMatchObject({ state: 'sent' });
    expect(await etimsOf(held.id)).toMatchObject({ state: 'sent' });
    const after = await call('GET', '/api/settings/etims/transmissions');
    expect(after.json().transmissions).toEqual([]);
    const log = await call('GET', '/api/settings/audit-log?action=etims.retried');
    expect(log.body).toContain(note.number!);
  });
});

describe("the client's fee note email", () => {
  it('waits for KRA and goes once, with the PDF, when KRA has answered', async () => {
    ahead = 0;
    const before = ctx.mail.length;
    const note = await issued();
    await settleMail(ctx);
    const emails = emailsTo(before, note.number!);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toContain(note.number!);
    expect(emails[0]!.text).not.toContain(T.signedCopyFollows);
    expect(emails[0]!.attachments?.[0]?.contentType).toBe('application/pdf');
    await minutes(2);
    await settleMail(ctx);
    expect(emailsTo(before, note.number!)).toHaveLength(1);
  });

  it('goes after 24 hours without KRA, saying the signed copy follows, which then does', async () => {
    ahead = 0;
    kra.down(true);
    const before = ctx.mail.length;
    const note = await issued();
    await settleMail(ctx);
    expect(emailsTo(before, note.number!)).toHaveLength(0);

    ahead += 24 * 60 * MINUTE;
    await minutes(1);
    await settleMail(ctx);
    const provisional = emailsTo(before, note.number!);
    expect(provisional).toHaveLength(1);
    expect(provisional[0]!.text).toContain(T.signedCopyFollows);
    expect(provisional[0]!.attachments?.[0]?.contentType).toBe('application/pdf');
    await minutes(2);
    await settleMail(ctx);
    expect(emailsTo(before, note.number!)).toHaveLength(1);

    kra.down(false);
    await minutes(31);
    await settleMail(ctx);
    expect(await etimsOf(note.id)).toMatchObject({ state: 'sent' });
    const all = emailsTo(before, note.number!);
    expect(all).toHaveLength(2);
    expect(all[1]!.subject).toContain(T.signedCopyTitle(note.number!));
    expect(all[1]!.attachments?.[0]?.contentType).toBe('application/pdf');
    await minutes(2);
    await settleMail(ctx);
    expect(emailsTo(before, note.number!)).toHaveLength(2);
  });
});
