import {
  DENIED_TEXTS,
  addDays,
  monthsBefore,
  presetRange,
  type Report,
  type ReportSection,
} from '@firm/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedUser, sessionFor } from '../../../test/accounts';
import {
  addAccount,
  advocateToken,
  call,
  ctx,
  freshClient,
  recorded,
  today,
  useClientMoneyTestContext,
} from '../client-money/client-money-test-kit';

/**
 * The Client money report (docs/product-rules.md#client-money) on a firm whose ledgers moved
 * over years: what is held at the end of a period, what moved in it against the period before,
 * and which balances have sat idle for over 6 or over 12 months, counted in Nairobi days.
 */

useClientMoneyTestContext();

const day = today();
const thisMonth = presetRange('this_month', day);
let accountId: string;
const people: Record<string, { id: string; caseId: string; caseNumber: string }> = {};

const entry = (kind: 'receipt' | 'payment', who: string, amountKsh: number, date: string) =>
  recorded({
    kind,
    clientId: people[who]!.id,
    caseId: people[who]!.caseId,
    accountId,
    amountKsh,
    date,
    reference: kind === 'receipt' ? 'RTGS 20261130-0457' : 'CHQ 004512',
    narrative: 'Deposit towards the purchase price and the transfer’s stamp duty',
  });

async function report(query: string): Promise<Report> {
  const answer = await call(advocateToken, 'GET', `/api/reports/client-money?${query}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Report;
}
const section = (r: Report, key: string) => r.sections.find((s) => s.key === key) as ReportSection;
const row = (s: ReportSection, who: string) =>
  s.rows.find((r) => r.label.startsWith(`${who} · ${people[who]!.caseNumber}`));

describe('GET /api/reports/client-money', () => {
  beforeAll(async () => {
    // An account opened five years back, so entries may be dated long ago.
    accountId = (
      await addAccount({
        name: 'NCBA Client Trust Account',
        kind: 'client',
        institution: 'NCBA Bank, Upper Hill',
        number: '7700123456',
        openingBalanceKsh: 0,
        openingDate: monthsBefore(day, 60),
      })
    ).id;
    for (const [first, last] of [
      ['Wanjiku', 'Kamau-Odhiambo'],
      ['Omondi', 'Otieno-Achieng'],
      ['Chepkemoi', 'Jeptoo-Rotich'],
      ['Mwanajuma', 'Abdallah-Swaleh'],
      ['Kiprono', 'arap Mutai'],
    ] as const) {
      const { user, theCase } = await freshClient(first, last);
      people[`${first} ${last}`] = {
        id: user.id,
        caseId: theCase.id,
        caseNumber: theCase.caseNumber,
      };
    }
    // Last moved 13 months ago: idle over 12 months.
    await entry('receipt', 'Wanjiku Kamau-Odhiambo', 1_250_000, monthsBefore(day, 14));
    await entry('payment', 'Wanjiku Kamau-Odhiambo', 48_500, monthsBefore(day, 13));
    // A day more than 6 months: idle 6 to 12 months; exactly 6 months: not yet idle.
    await entry('receipt', 'Omondi Otieno-Achieng', 385_000, addDays(monthsBefore(day, 6), -1));
    await entry('receipt', 'Mwanajuma Abdallah-Swaleh', 72_250, monthsBefore(day, 6));
    // This month: received on its first day and paid out today.
    await entry('receipt', 'Chepkemoi Jeptoo-Rotich', 2_000_000, thisMonth.from);
    await entry('payment', 'Chepkemoi Jeptoo-Rotich', 150_000, day);
    // Received in the month before, all paid out in it: nothing held, but movements counted.
    const before = presetRange('last_month', day);
    await entry('receipt', 'Kiprono arap Mutai', 90_000, before.from);
    await entry('payment', 'Kiprono arap Mutai', 90_000, before.to);
  });

  it('holds each client and case at the end of the period, and their total', async () => {
    const r = await report(`from=${thisMonth.from}&to=${thisMonth.to}`);
    expect(r.title).toBe('Client money');
    const held = section(r, 'held');
    expect(row(held, 'Wanjiku Kamau-Odhiambo')?.cells[0]?.value).toBe(1_201_500);
    expect(row(held, 'Chepkemoi Jeptoo-Rotich')?.cells[0]?.value).toBe(1_850_000);
    // Nothing held leaves no row.
    expect(row(held, 'Kiprono arap Mutai')).toBeUndefined();
    expect(held.rows.at(-1)?.cells[0]?.value).toBe(1_201_500 + 385_000 + 72_250 + 1_850_000);
  });

  it('holds at a past day only what was entered up to it', async () => {
    const end = addDays(monthsBefore(day, 6), -1);
    const r = await report(`from=${monthsBefore(day, 7)}&to=${end}`);
    const held = section(r, 'held');
    expect(row(held, 'Omondi Otieno-Achieng')?.cells[0]?.value).toBe(385_000);
    expect(row(held, 'Mwanajuma Abdallah-Swaleh')).toBeUndefined();
    expect(row(held, 'Chepkemoi Jeptoo-Rotich')).toBeUndefined();
  });

  it('adds up the movements by kind against the period before, and the change held', async () => {
    const r = await report(`from=${thisMonth.from}&to=${thisMonth.to}`);
    const moved = section(r, 'movements');
    const figure = (key: string) => moved.rows.find((each) => each.key === key)?.cells;
    expect(figure('receipt')?.map((c) => c.value)).toEqual([2_000_000, 90_000]);
    expect(figure('payment')?.map((c) => c.value)).toEqual([150_000, 90_000]);
    expect(figure('refund')?.map((c) => c.value)).toEqual([0, 0]);
    expect(figure('net')?.map((c) => c.value)).toEqual([1_850_000, 0]);
  });

  it('lists balances idle over 6 and over 12 months, with the day each last moved', async () => {
    const idle = section(await report(''), 'idle');
    const wanjiku = row(idle, 'Wanjiku Kamau-Odhiambo');
    expect(wanjiku?.cells.map((c) => c.value)).toEqual([null, 1_201_500]);
    expect(wanjiku?.label).toContain('last moved');
    expect(row(idle, 'Omondi Otieno-Achieng')?.cells.map((c) => c.value)).toEqual([385_000, null]);
    expect(row(idle, 'Mwanajuma Abdallah-Swaleh')).toBeUndefined();
    expect(row(idle, 'Chepkemoi Jeptoo-Rotich')).toBeUndefined();
    expect(idle.rows.at(-1)?.cells.map((c) => c.value)).toEqual([385_000, 1_201_500]);
  });

  it('downloads as CSV, each client and case a row', async () => {
    const answer = await call(
      advocateToken,
      'GET',
      `/api/reports/client-money?format=csv&from=${thisMonth.from}&to=${thisMonth.to}`,
    );
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-disposition']).toContain('report-client-money-');
    const { caseNumber } = people['Wanjiku Kamau-Odhiambo']!;
    expect(answer.body).toContain(`Wanjiku Kamau-Odhiambo · ${caseNumber}`);
    expect(answer.body).toContain('1201500');
  });

  it('refuses an admin with Reports but not Manage Cases, in the report’s own words', async () => {
    const admin = await seedUser(ctx, {
      role: 'admin',
      email: 'auma.odera@client-money-report.test',
      permissions: { canAccessReports: true },
    });
    const refused = await call(await sessionFor(ctx, admin), 'GET', '/api/reports/client-money');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(DENIED_TEXTS['reports:client-money']);
  });
});
