import {
  UNBILLED_SCREEN_TEXTS as T,
  type Expense,
  type TimeEntry,
  type Unbilled,
} from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApi } from '../../testing/msw';
import { renderWithApp, type FetchCall } from '../../testing/render';
import { FirmUnbilledWork } from './firm-unbilled-work';
import { UnbilledWork } from './unbilled-work';

const CASE_ID = '11111111-1111-4111-8111-111111111111';
const CLIENT_ID = '00000000-0000-4000-8000-000000000003';
const NOTE_ID = '99999999-9999-4999-8999-999999999999';

const anEntry = (over: Partial<TimeEntry> = {}): TimeEntry => ({
  id: '66666666-6666-4666-8666-666666666661',
  caseId: CASE_ID,
  caseNumber: 'MA/2026/0142',
  clientId: CLIENT_ID,
  userId: '00000000-0000-4000-8000-000000000001',
  userName: 'Achieng Otieno',
  date: '2026-11-03',
  minutes: 90,
  activity: 'drafting',
  narrative: 'Drafting the plaint',
  billable: true,
  rateKsh: 10_000,
  valueKsh: 15_000,
  billing: 'unbilled',
  feeNoteId: null,
  billedKsh: null,
  writeDownReason: null,
  createdAt: '2026-11-03T09:00:00.000Z',
  ...over,
});

const SECOND = anEntry({
  id: '66666666-6666-4666-8666-666666666662',
  date: '2026-11-10',
  minutes: 60,
  activity: 'attendance',
  narrative: 'Mention at Milimani',
  valueKsh: 10_000,
});

const anExpense = (over: Partial<Expense> = {}): Expense => ({
  id: '77777777-7777-4777-8777-777777777771',
  caseId: CASE_ID,
  caseNumber: 'MA/2026/0142',
  clientId: CLIENT_ID,
  userId: '00000000-0000-4000-8000-000000000001',
  date: '2026-11-02',
  kind: 'court_fees',
  amountKsh: 3_250,
  payee: 'Milimani Law Courts',
  paidFrom: 'firm',
  receiptName: 'receipt.pdf',
  billing: 'unbilled',
  feeNoteId: null,
  createdAt: '2026-11-02T09:00:00.000Z',
  ...over,
});

const unbilled = (entries = [anEntry(), SECOND], expenses = [anExpense()]): Unbilled => ({
  totals: { minutes: 150, valueKsh: 25_000, expensesKsh: 3_250, oldestDate: '2026-11-02' },
  cases: [
    {
      caseId: CASE_ID,
      caseNumber: 'MA/2026/0142',
      clientId: CLIENT_ID,
      clientName: 'Kamau Njoroge',
      minutes: 150,
      valueKsh: 25_000,
      expensesKsh: 3_250,
      oldestDate: '2026-11-02',
    },
  ],
  entries,
  expenses,
});

function api(
  answer: Unbilled | 'fail' = unbilled(),
  onBill = (): [number, unknown] => [
    201,
    { success: true, message: 'Fee note drafted from the unbilled work', feeNote: { id: NOTE_ID } },
  ],
): FetchCall[] {
  return answerApi((method, path) => {
    if (method === 'GET' && path.startsWith('/unbilled')) {
      return answer === 'fail' ? [500, { message: 'Server error' }] : [200, answer];
    }
    if (method === 'POST' && path === '/fee-notes/from-unbilled') return onBill();
    return undefined;
  });
}

const show = (mayBill = true) =>
  renderWithApp(<UnbilledWork caseId={CASE_ID} mayBill={mayBill} />, {
    path: '/cases/x',
    routes: [{ path: '/billing/:id', element: <p>The fee note page</p> }],
  });

describe('a case’s unbilled work', () => {
  it('shows the totals and every unbilled entry and expense, all chosen', async () => {
    api();
    show();
    const figures = within(await screen.findByLabelText(T.totalsLabel));
    expect(figures.getByText('2.5 h')).toBeVisible();
    expect(figures.getByText('KSh 25,000')).toBeVisible();
    expect(figures.getByText('KSh 3,250')).toBeVisible();
    const time = within(screen.getByRole('region', { name: T.entriesCaption }));
    expect(time.getAllByRole('checkbox')).toHaveLength(2);
    for (const box of time.getAllByRole('checkbox')) expect(box).toBeChecked();
    expect(screen.getByText(T.chosen(3, 28_250))).toBeVisible();
  });

  it('bills the chosen work summarised by activity and opens the drafted fee note', async () => {
    const user = userEvent.setup();
    const calls = api();
    show();
    await user.click(await screen.findByLabelText(/Mention at Milimani/));
    await user.click(screen.getByLabelText(T.groupingLabels.activity));
    expect(screen.getByText(T.chosen(2, 18_250))).toBeVisible();
    await user.click(screen.getByRole('button', { name: T.billThis }));
    expect(await screen.findByText('The fee note page')).toBeVisible();
    const post = calls.find((call) => call.url === '/api/fee-notes/from-unbilled');
    expect(post?.body).toEqual({
      entryIds: [anEntry().id],
      expenseIds: [anExpense().id],
      grouping: 'activity',
      writeDowns: [],
    });
  });

  it('bills less than recorded only with a reason, and sends it with the amount', async () => {
    const user = userEvent.setup();
    const calls = api();
    show();
    await user.click(await screen.findByLabelText(T.writeDown));
    const amount = screen.getByLabelText(
      T.billedLabel('Tue 3 Nov 2026 · 1.5 h · drafting · Achieng Otieno'),
      {
        exact: false,
      },
    );
    await user.clear(amount);
    await user.type(amount, '12000');
    expect(screen.getByText(/KSh 3,000 written down/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: T.billThis }));
    expect(await screen.findByRole('alert')).toHaveTextContent(T.reasonRequired);
    expect(calls.some((call) => call.url === '/api/fee-notes/from-unbilled')).toBe(false);
    await user.type(screen.getByLabelText(T.reasonLabel, { exact: false }), 'First draft was long');
    await user.click(screen.getByRole('button', { name: T.billThis }));
    expect(await screen.findByText('The fee note page')).toBeVisible();
    expect(calls.find((call) => call.url === '/api/fee-notes/from-unbilled')?.body).toMatchObject({
      writeDowns: [{ entryId: anEntry().id, billedKsh: 12_000, reason: 'First draft was long' }],
    });
  });

  it('shows the server’s refusal above the button', async () => {
    const user = userEvent.setup();
    api(unbilled(), () => [
      409,
      {
        message:
          'Some of the chosen entries are already billed, on a draft, not billable or not found: refresh the list',
      },
    ]);
    show();
    await user.click(await screen.findByRole('button', { name: T.billThis }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/refresh the list/);
  });

  it('says when nothing is unbilled, and when the list could not be loaded', async () => {
    api(unbilled([], []));
    const first = show();
    expect(await screen.findByText(T.empty)).toBeVisible();
    first.unmount();
    api('fail');
    show();
    expect(await screen.findByRole('alert')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('lists without checkboxes for someone who may not bill', async () => {
    api();
    show(false);
    expect(await screen.findByText('Drafting the plaint')).toBeVisible();
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0);
    expect(screen.queryByRole('button', { name: T.billThis })).toBeNull();
  });
});

describe('the firm’s unbilled work', () => {
  it('sums the time by advocate and lists the cases, the oldest first', async () => {
    api(
      unbilled([
        anEntry(),
        SECOND,
        anEntry({
          id: '66666666-6666-4666-8666-666666666663',
          userId: '00000000-0000-4000-8000-000000000002',
          userName: 'Baraka Mwangi',
          date: '2026-10-20',
          minutes: 30,
          valueKsh: 4_000,
        }),
      ]),
    );
    renderWithApp(<FirmUnbilledWork />);
    const advocates = within(await screen.findByRole('table', { name: T.byAdvocateCaption }));
    const rows = advocates.getAllByRole('row').slice(1);
    expect(within(rows[0]!).getByRole('rowheader')).toHaveTextContent('Baraka Mwangi');
    expect(within(rows[1]!).getByText('2.5 h')).toBeVisible();
    expect(within(rows[1]!).getByText('KSh 25,000')).toBeVisible();
    const cases = within(screen.getByRole('table', { name: T.byCaseCaption }));
    expect(cases.getByRole('link', { name: T.openCase('MA/2026/0142') })).toHaveAttribute(
      'href',
      `/cases/${CASE_ID}`,
    );
    await waitFor(() => expect(cases.getByText('Kamau Njoroge')).toBeVisible());
  });
});
