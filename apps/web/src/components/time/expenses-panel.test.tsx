import { EXPENSE_SCREEN_TEXTS as E, type Expense } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as FileTransfer from '../../lib/file-transfer';
import { captureDownloads } from '../../testing/downloads';
import { answerApi, http, HttpResponse, server } from '../../testing/msw';
import { anAdmin, anAdvocate } from '../../testing/people';
import { renderWithApp, type FetchCall } from '../../testing/render';
import { ExpensesPanel } from './expenses-panel';

// The transfer itself (XMLHttpRequest) is lib/file-transfer's, tested there and in the browser:
// here the form it is handed is what matters.
const posted = vi.hoisted(() => ({ calls: [] as { path: string; body: FormData }[] }));
vi.mock('../../lib/file-transfer', async (importOriginal) => ({
  ...(await importOriginal<typeof FileTransfer>()),
  postWithProgress: (path: string, body: FormData) => {
    posted.calls.push({ path, body });
    return { promise: Promise.resolve({}), cancel: () => {} };
  },
}));

const CASE_ID = '11111111-1111-4111-8111-111111111111';
const advocate = anAdvocate();
const clerk = anAdmin({ canOpenFiles: true });

const anExpense = (over: Partial<Expense> = {}): Expense => ({
  id: '77777777-7777-4777-8777-777777777771',
  caseId: CASE_ID,
  caseNumber: 'MA/2026/0142',
  clientId: '00000000-0000-4000-8000-000000000003',
  userId: clerk.id,
  date: '2026-12-03',
  kind: 'court_fees',
  amountKsh: 3_250,
  payee: 'Milimani Law Courts',
  paidFrom: 'firm',
  receiptName: 'risiti.pdf',
  billing: 'unbilled',
  feeNoteId: null,
  createdAt: '2026-12-03T09:00:00.000Z',
  ...over,
});

function api(expenses: Expense[] = [anExpense()]): FetchCall[] {
  return answerApi((method, path) => {
    if (method === 'GET' && path === `/expenses?caseId=${CASE_ID}`) return [200, { expenses }];
    if (method === 'PUT' && path.startsWith('/expenses/')) return [200, anExpense()];
    if (method === 'DELETE' && path.startsWith('/expenses/')) {
      return [200, { success: true, message: 'Expense deleted' }];
    }
    return undefined;
  });
}

const show = (actor = advocate) =>
  renderWithApp(<ExpensesPanel caseId={CASE_ID} caseNumber="MA/2026/0142" actor={actor} />);

const WHAT = 'Court fees, KSh 3,250, Milimani Law Courts';

afterEach(() => vi.restoreAllMocks());

describe('a case’s expenses', () => {
  it('lists each expense with who paid, its billing state and its receipt', async () => {
    api([
      anExpense(),
      anExpense({ id: '77777777-7777-4777-8777-777777777772', billing: 'billed' }),
    ]);
    show();
    const list = await screen.findByRole('list', { name: E.caption });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('KSh 3,250')).toBeVisible();
    expect(within(rows[0]!).getByText(E.paidFromLabels.firm)).toBeVisible();
    expect(within(rows[0]!).getByRole('button', { name: E.receipt('risiti.pdf') })).toBeVisible();
    expect(within(rows[0]!).getByRole('button', { name: E.edit(WHAT) })).toBeVisible();
    // A billed expense is locked: no change, no delete.
    expect(within(rows[1]!).queryByRole('button', { name: E.edit(WHAT) })).toBeNull();
    expect(within(rows[1]!).queryByRole('button', { name: E.remove(WHAT) })).toBeNull();
  });

  it('opens the receipt under its own name', async () => {
    const user = userEvent.setup();
    api();
    server.use(
      http.get(`/api/expenses/:id/receipt`, () =>
        HttpResponse.arrayBuffer(new TextEncoder().encode('%PDF-1.4').buffer, {
          headers: { 'content-type': 'application/pdf' },
        }),
      ),
    );
    const downloads = captureDownloads();
    try {
      show();
      await user.click(await screen.findByRole('button', { name: E.receipt('risiti.pdf') }));
      await waitFor(() =>
        expect(downloads.saved).toEqual([{ name: 'risiti.pdf', type: 'application/pdf' }]),
      );
    } finally {
      downloads.restore();
    }
  });

  it('offers someone else’s receipt and changes only to those who see everyone’s time', async () => {
    api([anExpense({ userId: advocate.id })]);
    show(clerk);
    const list = await screen.findByRole('list', { name: E.caption });
    expect(within(list).queryByRole('button', { name: E.receipt('risiti.pdf') })).toBeNull();
    expect(within(list).queryByRole('button', { name: E.edit(WHAT) })).toBeNull();
  });

  it('adds an expense with its receipt in one form', async () => {
    const user = userEvent.setup();
    api([]);
    posted.calls.length = 0;
    show();
    await user.click(await screen.findByRole('button', { name: E.add }));
    const dialog = within(await screen.findByRole('dialog', { name: E.addTitle }));
    await user.type(dialog.getByLabelText(E.amountLabel), '3250');
    await user.selectOptions(dialog.getByLabelText(E.kindLabel), 'court_fees');
    await user.type(dialog.getByLabelText(E.payeeLabel), 'Milimani Law Courts');
    await user.click(dialog.getByLabelText(E.paidFromLabels.client_account));
    await user.click(dialog.getByRole('button', { name: E.save }));
    // No receipt yet: the form says so and sends nothing.
    expect(await dialog.findByText('Attach the receipt')).toBeVisible();
    expect(posted.calls).toEqual([]);
    await user.upload(
      dialog.getByLabelText(E.receiptLabel),
      new File(['%PDF-1.4'], 'risiti.pdf', { type: 'application/pdf' }),
    );
    await user.click(dialog.getByRole('button', { name: E.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted.calls.map((call) => call.path)).toEqual(['/expenses']);
    const sent = posted.calls[0]?.body;
    expect(sent?.get('amountKsh')).toBe('3250');
    expect(sent?.get('kind')).toBe('court_fees');
    expect(sent?.get('payee')).toBe('Milimani Law Courts');
    expect(sent?.get('paidFrom')).toBe('client_account');
    expect(sent?.get('caseId')).toBe(CASE_ID);
    expect((sent?.get('file') as File | null)?.name).toBe('risiti.pdf');
    // A whole form typed key by key, twice submitted: more than the default 5 s on a busy runner.
  }, 15_000);

  it('changes an unbilled expense, its receipt staying', async () => {
    const user = userEvent.setup();
    const calls = api();
    show();
    await user.click(await screen.findByRole('button', { name: E.edit(WHAT) }));
    const dialog = within(await screen.findByRole('dialog', { name: E.editTitle }));
    expect(dialog.getByText(E.receiptKept)).toBeVisible();
    const amount = dialog.getByLabelText(E.amountLabel);
    await user.clear(amount);
    await user.type(amount, '3500');
    await user.click(dialog.getByRole('button', { name: E.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')).toMatchObject({
      url: '/api/expenses/77777777-7777-4777-8777-777777777771',
      body: { amountKsh: 3500, kind: 'court_fees', paidFrom: 'firm', caseId: CASE_ID },
    });
  });

  it('deletes an expense only once the person confirms', async () => {
    const user = userEvent.setup();
    const calls = api();
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    show();
    const remove = await screen.findByRole('button', { name: E.remove(WHAT) });
    await user.click(remove);
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(remove);
    expect(confirm).toHaveBeenLastCalledWith(E.confirmDelete(WHAT));
    await waitFor(() => expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1));
  });
});
