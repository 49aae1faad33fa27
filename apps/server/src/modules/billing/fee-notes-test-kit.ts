import type { FeeNote } from '@firm/shared';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, expect } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { startAfricasTalkingFake } from '../../../test/outbox-fakes';
import { type CaseRow, type UserRow } from '../../db/schema';

/**
 * What the fee note tests (fee-notes.*.test.ts) share: one app with an advocate, a client with a
 * case and another client, signed in, an SMS provider double, and drafting and issuing through
 * HTTP.
 */

export let ctx: TestContext;
export let sms: Awaited<ReturnType<typeof startAfricasTalkingFake>>;
export let advocate: UserRow;
export let client: UserRow;
export let otherClient: UserRow;
export let theCase: CaseRow;
export let advocateToken: string;
export let clientToken: string;
export let otherToken: string;

export const LONG_MATTER =
  'Corrections to the draft petition for the matrimonial property, Njoroge v Njoroge (ELC Case No. E123 of 2026)';

export const lines = [
  {
    kind: 'fee',
    description:
      'Drafting and filing the petition, with two conferences with the client at our Upper Hill office',
    quantity: 1,
    unitPriceKsh: 45_000,
  },
  { kind: 'fee', description: 'Court attendance at Milimani', quantity: 2, unitPriceKsh: 7_500 },
  {
    kind: 'disbursement',
    description: 'Court filing fees (receipted)',
    quantity: 1,
    unitPriceKsh: 3_250,
  },
];

export const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  payload?: Record<string, unknown>,
) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });

export async function draft(overrides: Record<string, unknown> = {}): Promise<FeeNote> {
  const response = await call(advocateToken, 'POST', '/api/fee-notes', {
    clientId: client.id,
    caseId: theCase.id,
    dueDate: '2026-12-15',
    lines,
    ...overrides,
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().feeNote as FeeNote;
}

export async function issue(id: string): Promise<FeeNote> {
  const response = await call(advocateToken, 'POST', `/api/fee-notes/${id}/issue`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().feeNote as FeeNote;
}

export function pdfText(bytes: Buffer): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'fee-note-pdf-'));
  const file = path.join(dir, 'doc.pdf');
  writeFileSync(file, bytes);
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

/** Builds the app and its people before the file's tests, and closes it after them. */
export function useFeeNotesTestContext() {
  beforeAll(async () => {
    sms = await startAfricasTalkingFake();
    ctx = await createTestContext({
      AT_USERNAME: 'mwamba',
      AT_API_KEY: 'test-api-key',
      AT_BASE_URL: sms.url,
    });
    advocate = await seedUser(ctx, { role: 'advocate', email: 'achieng.mwamba@fee-notes.test' });
    client = await seedUser(ctx, {
      role: 'client',
      email: 'wanjiru.kamau-njoroge@kamaunjoroge-holdings.co.ke',
      firstName: 'Wanjiru',
      lastName: 'Kamau-Njoroge',
      phone: '+254712345678',
    });
    otherClient = await seedUser(ctx, { role: 'client', email: 'otieno@fee-notes.test' });
    theCase = await seedCase(ctx, client.id, { title: LONG_MATTER, assigneeId: advocate.id });
    advocateToken = await sessionFor(ctx, advocate);
    clientToken = await sessionFor(ctx, client);
    otherToken = await sessionFor(ctx, otherClient);
  });
  afterAll(async () => {
    await ctx.close();
    await sms.close();
  });
}
