import { execFileSync } from 'node:child_process';
import type { FeeNote } from '@firm/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import type { UserRow } from '../../db/schema';
import { pdfRenders } from './pdf-render-pool';

/**
 * ADR 035, addendum: an issued document's PDF is drawn once and kept until what it shows changes,
 * and it is drawn on a worker thread, so the server answers everyone else meanwhile.
 */

let ctx: TestContext;
let advocate: UserRow;
let client: UserRow;
let advocateToken: string;
let clientToken: string;

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });

async function issued(lines: object[]): Promise<FeeNote> {
  const draft = await call(advocateToken, 'POST', '/api/fee-notes', {
    clientId: client.id,
    dueDate: '2026-12-15',
    lines,
  });
  expect(draft.statusCode, draft.body).toBe(201);
  const id = (draft.json().feeNote as FeeNote).id;
  const issue = await call(advocateToken, 'POST', `/api/fee-notes/${id}/issue`);
  expect(issue.statusCode, issue.body).toBe(200);
  return issue.json().feeNote as FeeNote;
}

/** The renders the pool starts, by kind, while `during` runs. */
async function rendersDuring(during: () => Promise<void>): Promise<string[]> {
  const kinds: string[] = [];
  const count = (kind: string) => kinds.push(kind);
  pdfRenders.on('start', count);
  try {
    await during();
  } finally {
    pdfRenders.off('start', count);
  }
  return kinds;
}

const pdfToText = (pdf: Buffer) =>
  execFileSync('pdftotext', ['-layout', '-', '-'], { input: pdf }).toString();
const pagesOf = (pdf: Buffer) =>
  Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', ['-'], { input: pdf }).toString())![1]);

beforeAll(async () => {
  ctx = await createTestContext();
  advocate = await seedUser(ctx, { role: 'advocate', email: 'achieng@pdf-cache.test' });
  client = await seedUser(ctx, { role: 'client', email: 'wanjiru@pdf-cache.test' });
  advocateToken = await sessionFor(ctx, advocate);
  clientToken = await sessionFor(ctx, client);
});
afterAll(async () => {
  await ctx.close();
});
afterEach(() => {
  pdfRenders.removeAllListeners();
});

describe('an issued fee note’s PDF', () => {
  it('is drawn once: a second download sends the same file; a payment draws it anew', async () => {
    const note = await issued([
      {
        kind: 'fee',
        description: 'Drafting the sale agreement',
        quantity: 1,
        unitPriceKsh: 40_000,
      },
    ]);
    const url = `/api/fee-notes/${note.id}/pdf`;
    let first!: Buffer;
    let second!: Buffer;
    expect(
      await rendersDuring(async () => {
        first = (await call(clientToken, 'GET', url)).rawPayload;
      }),
    ).toEqual(['fee_note']);
    expect(
      await rendersDuring(async () => {
        const again = await call(advocateToken, 'GET', url);
        expect(again.statusCode).toBe(200);
        expect(again.headers['content-type']).toBe('application/pdf');
        second = again.rawPayload;
      }),
    ).toEqual([]);
    expect(second.equals(first)).toBe(true);
    expect(pdfToText(second)).toMatch(/Status\s+Unpaid/);

    // What it shows changes: the next download is drawn again, and says so.
    const paid = await call(advocateToken, 'POST', '/api/payments', {
      feeNoteId: note.id,
      amountKsh: 10_000,
      method: 'cash',
    });
    expect(paid.statusCode, paid.body).toBe(201);
    let third!: Buffer;
    expect(
      await rendersDuring(async () => {
        third = (await call(clientToken, 'GET', url)).rawPayload;
      }),
    ).toEqual(['fee_note']);
    expect(pdfToText(third)).toMatch(/Status\s+Partly paid/);
    expect(pdfToText(third)).toMatch(/Paid\s+10,000/);
  });

  it('of 100 pages is drawn while the server goes on answering /api/health', async () => {
    const lines = Array.from({ length: 100 }, (_, line) => ({
      kind: 'fee',
      description: Array.from({ length: 45 }, (_, step) => `Item ${line + 1}, step ${step + 1}`)
        .join('\n')
        .slice(0, 500),
      quantity: 1,
      unitPriceKsh: 1_000,
    }));
    const note = await issued(lines);
    const events: string[] = [];
    let rendering = false;
    let healthLoop: Promise<void> = Promise.resolve();
    pdfRenders.on('start', () => {
      rendering = true;
      events.push('render started');
      // Ask for /api/health, again and again, for as long as the PDF is being drawn.
      healthLoop = (async () => {
        while (rendering) {
          // A request from outside arrives as an I/O event: let the event loop turn between them.
          await new Promise((resolve) => setTimeout(resolve, 5));
          const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
          expect(health.statusCode).toBe(200);
          events.push(rendering ? 'health answered during the render' : 'health answered after');
        }
      })();
    });
    pdfRenders.on('end', () => {
      rendering = false;
      events.push('render ended');
    });
    const pdf = await call(clientToken, 'GET', `/api/fee-notes/${note.id}/pdf`);
    await healthLoop;
    expect(pdf.statusCode).toBe(200);
    expect(pagesOf(pdf.rawPayload)).toBeGreaterThanOrEqual(100);
    expect(events[0]).toBe('render started');
    // On the event loop the render would let nothing in before its end.
    expect(events.indexOf('health answered during the render')).toBeGreaterThan(0);
    expect(events.indexOf('health answered during the render')).toBeLessThan(
      events.indexOf('render ended'),
    );
  });
});
