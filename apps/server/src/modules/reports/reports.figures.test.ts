import { type Report, type ReportSection, type ReportUnit } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { useReportsTestContext, ctx, headers, client, advocate, OCTOBER } from './reports-test-kit';

/**
 * The reports against seeded data: the edge days fall on the right side of Nairobi midnight, this
 * month's money, and each figure that links to a list equals that list's total (its count, or the
 * sum of its shillings).
 */

useReportsTestContext();

const report = async (kind: string, query = ''): Promise<Report> => {
  const answer = await ctx.app.inject({
    method: 'GET',
    url: `/api/reports/${kind}${query ? `?${query}` : ''}`,
    headers,
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Report;
};
const figure = (report: Report, section: string, row: string, column = 0) =>
  report.sections.find((s) => s.key === section)?.rows.find((r) => r.key === row)?.cells[column]
    ?.value;

/**
 * The API list behind a portal link, and its total as the list shows it: how many rows match,
 * or (for shillings) the money of every page the list adds up.
 */
async function listTotal(link: string, unit: ReportUnit): Promise<number> {
  const url = new URL(link, 'http://portal.test');
  const params = url.searchParams;
  const rename = (from: string, to: string) => {
    const value = params.get(from);
    if (value !== null) {
      params.delete(from);
      params.set(to, value);
    }
  };
  type Listed = { total: number; sums?: Record<string, number> };
  let path: string;
  let money: (body: Listed) => number | undefined = () => undefined;
  switch (url.pathname) {
    case '/cases':
      path = '/api/cases';
      break;
    case '/appointments':
      path = '/api/appointments';
      money = (body) => body.sums?.feesKsh;
      rename('advocate', 'advocateId');
      break;
    case '/enquiries':
      path = '/api/enquiries';
      break;
    case '/messages':
      path = '/api/conversations';
      break;
    case '/billing':
      if (params.get('view') === 'payments') {
        params.delete('view');
        path = '/api/payments';
        money = (body) => body.sums?.receivedKsh;
      } else {
        rename('client', 'clientId');
        path = '/api/fee-notes';
        const owed = params.get('status') === 'outstanding';
        money = (body) => (owed ? body.sums?.owedKsh : body.sums?.billedKsh);
      }
      break;
    default:
      throw new Error(`No list for ${link}`);
  }
  const answer = await ctx.app.inject({ method: 'GET', url: `${path}?${params}`, headers });
  expect(answer.statusCode, `${link}: ${answer.body}`).toBe(200);
  const body = answer.json() as Listed;
  if (unit !== 'ksh') return body.total;
  const sum = money(body);
  expect(sum, `${link} adds up no money`).toBeTypeOf('number');
  return sum!;
}

describe('GET /api/reports', () => {
  it('counts the edge days of October on the right side of Nairobi midnight', async () => {
    const caseload = await report('caseload', OCTOBER);
    // Opened: the 00:05 one and the 2 Oct one in October; the 23:55 one and 15 Sep in September.
    expect(figure(caseload, 'opened-closed-totals', 'opened', 0)).toBe(2);
    expect(figure(caseload, 'opened-closed-totals', 'opened', 1)).toBe(2);
    expect(figure(caseload, 'opened-closed-totals', 'closed', 0)).toBe(1);
    // Open at the end of October: property ×2, employment (closed 1 Nov), family (2025).
    expect(figure(caseload, 'open-at-end', 'property', 0)).toBe(2);
    expect(figure(caseload, 'open-at-end', 'employment', 0)).toBe(1);
    expect(figure(caseload, 'open-at-end', 'total', 0)).toBe(4);
    expect(figure(caseload, 'age', 'over-12')).toBe(1);
    expect(figure(caseload, 'age', 'total')).toBe(figure(caseload, 'open-by-status', 'total'));

    const diary = await report('appointments', OCTOBER);
    expect(figure(diary, 'totals', 'booked', 0)).toBe(5);
    expect(figure(diary, 'totals', 'confirmed', 0)).toBe(1);
    expect(figure(diary, 'unconfirmed', 'unconfirmed', 0)).toBe(1);
    expect(figure(diary, 'by-type', 'preliminary_call', 0)).toBe(1);

    const enquiries = await report('enquiries', OCTOBER);
    expect(figure(enquiries, 'by-kind', 'message', 0)).toBe(2);
    expect(figure(enquiries, 'by-kind', 'message', 1)).toBe(1);
    expect(figure(enquiries, 'by-urgency', 'urgent', 0)).toBe(1);
    expect(figure(enquiries, 'converted', 'converted', 0)).toBe(1);
    expect(figure(enquiries, 'response', 'median', 0)).toBe(3);

    const service = await report('service', OCTOBER);
    expect(figure(service, 'by-staff', 'firm', 0)).toBe(2);
    expect(figure(service, 'by-staff', advocate.id, 0)).toBe(2);
    expect(figure(service, 'waiting', 'waiting')).toBe(1);

    const money = await report('money', OCTOBER);
    expect(figure(money, 'collected', 'marked-paid', 0)).toBe(5000);
    // Booked in October: 31 Oct's, 1 Nov's (booked 25 Oct) and 14 Oct's; not the free call nor
    // the cancelled one.
    expect(figure(money, 'billed', 'appointment-fees', 0)).toBe(15_000);
  });

  it("counts this month's money: billed, collected by M-Pesa, owed by age and by client", async () => {
    const money = await report('money');
    expect(figure(money, 'billed', 'fee-notes', 0)).toBe(30_000);
    expect(figure(money, 'collected', 'mpesa', 0)).toBe(10_000);
    expect(figure(money, 'outstanding', 'fee-notes', 0)).toBe(20_000);
    expect(figure(money, 'by-client', client.id)).toBe(20_000);
  });

  for (const kind of ['caseload', 'appointments', 'enquiries', 'service', 'money']) {
    for (const [name, query] of [
      ['October against September', OCTOBER],
      ['this month', ''],
    ] as const) {
      it(`${kind}, ${name}: every linked figure equals its list's total`, async () => {
        const answer = await report(kind, query);
        const linked: { section: ReportSection; value: number; link: string }[] = [];
        for (const section of answer.sections) {
          for (const row of section.rows) {
            for (const cell of row.cells) {
              if (cell.link) linked.push({ section, value: cell.value ?? 0, link: cell.link });
            }
          }
        }
        expect(linked.length).toBeGreaterThan(0);
        for (const { section, value, link } of linked) {
          expect(await listTotal(link, section.unit), `${section.title}: ${link}`).toBe(value);
        }
      });
    }
  }
});
