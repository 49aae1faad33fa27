import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { REPORT_KINDS, REPORT_TEXTS, VALIDATION } from '@firm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../test/accounts';
import { createTestContext, type TestContext } from '../../test/helpers';

/**
 * Every date the API takes is a day from 1900 to 2100 (docs/product-rules.md#validation,
 * common/date-fields.ts). Year 0001 answered 500 on the lists' filters and the reports
 * ("date/time field value out of range"); 9999-12-31 sent the appointments report into a loop that
 * never ended (the next day's text, `+010000-01-01`, sorted before it) and the caseload report
 * answered 500. Each extreme, in every report, every list filter and every body's date, answers
 * 400 naming the field; the bounds themselves are taken.
 */

const EXTREME_DAYS = ['0001-01-01', '0000-01-01', '1899-12-31', '2101-01-01', '9999-12-31'];
const EXTREME_INSTANTS = [
  '0001-01-01T10:00:00+03:00',
  '1899-12-31T23:59:00+03:00',
  '2101-01-01T00:00:00+03:00',
  '9999-12-31T10:00:00+03:00',
];

/** A list or report, the date filters it takes, and any other query it needs. */
const FILTERS: { url: string; fields: string[]; pair?: [string, string]; extra?: string }[] = [
  ...REPORT_KINDS.map((kind) => ({
    url: `/api/reports/${kind}`,
    fields: ['from', 'to'],
    pair: ['from', 'to'] as [string, string],
  })),
  ...['json', 'csv'].map((format) => ({
    url: `/api/reports/appointments`,
    fields: ['from', 'to'],
    pair: ['from', 'to'] as [string, string],
    extra: `format=${format}`,
  })),
  { url: '/api/fee-notes', fields: ['issuedFrom', 'issuedTo'] },
  { url: '/api/payments', fields: ['from', 'to'] },
  { url: '/api/appointments', fields: ['from', 'to', 'paidFrom', 'paidTo'] },
  { url: '/api/court-dates', fields: ['from', 'to'] },
  { url: '/api/clients', fields: ['joinedFrom', 'joinedTo'] },
  { url: '/api/enquiries', fields: ['from', 'to'] },
  {
    url: '/api/cases',
    fields: ['courtFrom', 'courtTo', 'openedFrom', 'openedTo', 'closedFrom', 'closedTo', 'openOn'],
  },
  { url: '/api/settings/audit-log', fields: ['from', 'to'] },
  { url: '/api/settings/audit-log/csv', fields: ['from', 'to'] },
  { url: '/api/appointments/availability', fields: ['date'], extra: 'type=consultation' },
];

/** Bodies with a date: the field, and the rest of the request (other fields need not be valid). */
const BODIES: {
  method: 'POST' | 'PUT';
  url: string;
  field: string;
  kind: 'day' | 'instant';
  body?: Record<string, unknown>;
  auth?: false;
}[] = [
  { method: 'POST', url: '/api/cases', field: 'courtDate', kind: 'instant' },
  { method: 'PUT', url: `/api/cases/${randomUUID()}`, field: 'courtDate', kind: 'instant' },
  { method: 'POST', url: '/api/fee-notes', field: 'dueDate', kind: 'day' },
  { method: 'PUT', url: `/api/fee-notes/${randomUUID()}`, field: 'dueDate', kind: 'day' },
  { method: 'POST', url: '/api/payments', field: 'receivedAt', kind: 'instant' },
  { method: 'POST', url: '/api/appointments', field: 'date', kind: 'day' },
  { method: 'POST', url: '/api/appointments', field: 'date', kind: 'day', auth: false },
  { method: 'PUT', url: `/api/appointments/${randomUUID()}`, field: 'date', kind: 'day' },
  {
    method: 'POST',
    url: '/api/appointments/manage/reschedule',
    field: 'date',
    kind: 'day',
    body: { token: 'x'.repeat(43), time: '10:00' },
    auth: false,
  },
];

describe('dates outside 1900–2100', () => {
  let ctx: TestContext;
  let headers: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    const advocate = await seedUser(ctx, { role: 'advocate', email: 'wanjiru.kamau@mwamba.test' });
    headers = bearer(await sessionFor(ctx, advocate));
  });
  afterAll(async () => {
    await ctx.close();
  });

  /**
   * A request that never answers fails its test instead of holding the whole run (a report's day
   * loop once never ended). The guard is no measure of speed: an answer comes in milliseconds.
   */
  const request = async (options: InjectOptions) => {
    let timer: NodeJS.Timeout | undefined;
    const guard = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error('No answer: the request hangs')), 20_000);
    });
    try {
      return await Promise.race([ctx.app.inject(options), guard]);
    } finally {
      clearTimeout(timer);
    }
  };

  /** A report takes both days or neither: the other one, in range. */
  const otherDay = (pair?: [string, string]) =>
    pair ? { [pair[0]]: '2026-11-01', [pair[1]]: '2026-11-30' } : {};

  for (const { url, fields, pair, extra } of FILTERS) {
    for (const field of fields) {
      it(`GET ${url}${extra ? `?${extra}` : ''}: ${field} outside the range answers 400 naming it`, async () => {
        for (const day of EXTREME_DAYS) {
          const query = new URLSearchParams({ ...otherDay(pair), [field]: day });
          if (extra) for (const [key, value] of new URLSearchParams(extra)) query.set(key, value);
          const res = await request({ method: 'GET', url: `${url}?${query}`, headers });
          expect(res.statusCode, `${field}=${day}`).toBe(400);
          expect(res.json().errors?.[field], `${field}=${day}`).toBe(VALIDATION.dateOutOfRange);
        }
      });
    }

    it(`GET ${url}${extra ? `?${extra}` : ''}: the first and last days of the range are taken`, async () => {
      for (const range of [
        [url.startsWith('/api/reports') ? '1906-01-01' : '1900-01-01', '1906-01-31'],
        ['2100-12-01', '2100-12-31'],
      ] as const) {
        const query = new URLSearchParams(extra);
        const [first, second] = pair ?? [fields[0]!, fields[1] ?? fields[0]!];
        query.set(first, range[0]);
        query.set(second, second === first ? range[0] : range[1]);
        const res = await request({ method: 'GET', url: `${url}?${query}`, headers });
        expect(res.statusCode, `${query}: ${res.body.slice(0, 200)}`).toBe(200);
      }
    });
  }

  it('GET /api/reports/*: a range whose period before it starts before 1900 answers 400', async () => {
    for (const kind of REPORT_KINDS) {
      for (const from of ['1900-01-01', '1905-12-31']) {
        const res = await request({
          method: 'GET',
          url: `/api/reports/${kind}?from=${from}&to=1906-06-30`,
          headers,
        });
        expect(res.statusCode, `${kind} from ${from}`).toBe(400);
        expect(res.json().errors?.from, `${kind} from ${from}`).toBe(REPORT_TEXTS.outOfRange);
      }
    }
  });

  it('GET /api/appointments/calendar: a month outside the range answers 400 naming it', async () => {
    for (const month of ['0001-01', '1899-12', '2101-01', '9999-12']) {
      const res = await request({
        method: 'GET',
        url: `/api/appointments/calendar?month=${month}&type=consultation`,
        headers,
      });
      expect(res.statusCode, month).toBe(400);
      expect(res.json().errors?.month, month).toBe(VALIDATION.dateOutOfRange);
    }
  });

  for (const { method, url, field, kind, body, auth } of BODIES) {
    it(`${method} ${url.replace(/[0-9a-f-]{36}/, ':id')}${auth === false ? ' (nobody signed in)' : ''}: ${field} outside the range answers 400 naming it`, async () => {
      for (const value of kind === 'day' ? EXTREME_DAYS : EXTREME_INSTANTS) {
        const res = await request({
          method,
          url,
          headers: auth === false ? {} : headers,
          payload: { ...body, [field]: value },
        });
        expect(res.statusCode, `${field}=${value}`).toBe(400);
        expect(res.json().errors?.[field], `${field}=${value}`).toBe(VALIDATION.dateOutOfRange);
      }
    });
  }
});
