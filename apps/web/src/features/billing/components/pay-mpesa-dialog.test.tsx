import { MPESA_TEXTS, type FeeNote, type Payment } from '@firm/shared';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as fileTransfer from '../../../lib/file-transfer';
import { aClient, anAdvocate } from '../../../testing/people';
import { mockApi, renderWithApp, type FetchCall } from '../../../testing/render';
import { NOTE_ID, aFeeNote, aPayment } from './billing-test-data';
import { FeeNotePage } from './fee-note-page';

const PAYMENT_ID = '66666666-6666-4666-8666-666666666666';
const client = aClient({ phone: '+254712345678' });

const started = {
  id: PAYMENT_ID,
  status: 'pending',
  checkoutRequestId: 'ws_CO_191120261030000001',
  message: MPESA_TEXTS.checkPhone,
};

const pushed = (overrides: Partial<Payment> = {}): Payment =>
  aPayment({
    id: PAYMENT_ID,
    status: 'pending',
    amountKsh: 37_520,
    reference: null,
    receiptNumber: null,
    receivedAt: null,
    recordedBy: null,
    mpesa: {
      phone: '+254712345678',
      checkoutRequestId: started.checkoutRequestId,
      receiptNumber: null,
      resultCode: null,
      failureText: null,
    },
    ...overrides,
  });

/** The fee note as the API answers it, first owing, then (once paid) as `after` says. */
function feeNoteAnswers(after?: FeeNote) {
  let paid = false;
  return {
    markPaid: () => {
      paid = true;
    },
    answer: (): [number, unknown] => [200, paid && after ? after : aFeeNote()],
  };
}

/** Answers GET /payments/:id with each of `states` in turn, the last one for good. */
function paymentAnswers(states: Payment[], onEach?: (payment: Payment) => void) {
  let i = 0;
  return (): [number, unknown] => {
    const payment = states[Math.min(i, states.length - 1)]!;
    i += 1;
    onEach?.(payment);
    return [200, payment];
  };
}

const polls = (calls: FetchCall[]) =>
  calls.filter((call) => call.method === 'GET' && call.url === `/api/payments/${PAYMENT_ID}`)
    .length;

async function openDialog(actor = client) {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  renderWithApp(<FeeNotePage id={NOTE_ID} actor={actor} />, { path: `/billing/${NOTE_ID}` });
  await user.click(await screen.findByRole('button', { name: 'Pay with M-Pesa' }));
  const dialog = within(screen.getByRole('dialog', { name: 'Pay with M-Pesa' }));
  return { user, dialog };
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Pay with M-Pesa on a fee note', () => {
  it('offers the client’s own phone and the balance, and checks the phone by the shared rules', async () => {
    const calls = mockApi({
      [`GET /fee-notes/${NOTE_ID}`]: [200, aFeeNote()],
      'POST /payments/mpesa': [202, started],
      [`GET /payments/${PAYMENT_ID}`]: [200, pushed()],
    });
    const { user, dialog } = await openDialog();
    expect(dialog.getByText('Fee note FN/2026/0042')).toBeVisible();
    const phone = dialog.getByLabelText(/M-Pesa phone number/);
    expect(phone).toHaveValue('+254 712 345 678');
    expect(dialog.getByLabelText(/Amount \(KSh\)/)).toHaveValue(37_520);
    expect(dialog.getByText(/The balance is KSh 37,520\. You may pay less/)).toBeVisible();

    // Not a Kenyan mobile number: said on the field, nothing sent.
    await user.clear(phone);
    await user.type(phone, '0812 345 678');
    await user.click(dialog.getByRole('button', { name: 'Pay KSh 37,520' }));
    expect(await dialog.findByText('Invalid phone number')).toBeVisible();
    expect(phone).toHaveAttribute('aria-invalid', 'true');
    // More than is owed: refused as the server would.
    const amount = dialog.getByLabelText(/Amount \(KSh\)/);
    await user.clear(amount);
    await user.type(amount, '40000');
    await user.click(dialog.getByRole('button', { name: 'Pay KSh 40,000' }));
    expect(
      await dialog.findByText('The amount is more than what is owed (KSh 37,520)'),
    ).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toEqual([]);

    // 07…, with spaces: sent as +254…; a part of the balance may be paid.
    await user.clear(phone);
    await user.type(phone, '0722 000 911');
    await user.clear(amount);
    await user.type(amount, '10000');
    await user.click(dialog.getByRole('button', { name: 'Pay KSh 10,000' }));
    expect(await dialog.findByText(MPESA_TEXTS.checkPhone)).toBeVisible();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      feeNoteId: NOTE_ID,
      phone: '+254722000911',
      amountKsh: 10_000,
    });
    expect(dialog.getByText('M-Pesa is asking +254 722 000 911 to pay KSh 10,000.')).toBeVisible();
  });

  it('follows the payment every 3 s until it is paid: the receipt, and the fee note refreshed', async () => {
    const save = vi.spyOn(fileTransfer, 'downloadFile').mockResolvedValue();
    const paidNote = aFeeNote({
      status: 'paid',
      payments: [
        aPayment(),
        pushed({ status: 'succeeded', receiptNumber: 'RC/2026/0009', reference: 'TKR4XYZ12A' }),
      ],
    });
    paidNote.totals = { ...paidNote.totals, paidKsh: 57_520, balanceKsh: 0 };
    const note = feeNoteAnswers(paidNote);
    const succeeded = pushed({ status: 'succeeded', receiptNumber: 'RC/2026/0009' });
    const calls = mockApi({
      [`GET /fee-notes/${NOTE_ID}`]: note.answer,
      'POST /payments/mpesa': [202, started],
      [`GET /payments/${PAYMENT_ID}`]: paymentAnswers(
        [pushed(), pushed(), succeeded],
        (payment) => payment.status === 'succeeded' && note.markPaid(),
      ),
    });
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Pay KSh 37,520' }));

    // Announced while the phone asks for the PIN.
    const status = dialog.getByRole('status');
    expect(await within(status).findByText(MPESA_TEXTS.checkPhone)).toBeVisible();
    expect(within(status).getByText(MPESA_TEXTS.waiting)).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Close' })).toHaveFocus();
    await vi.waitFor(() => expect(polls(calls)).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(3_000));
    await vi.waitFor(() => expect(polls(calls)).toBe(2));
    await act(() => vi.advanceTimersByTimeAsync(3_000));

    expect(
      await within(status).findByText('Paid in full. Your receipt is RC/2026/0009'),
    ).toBeInTheDocument();
    const receipt = dialog.getByRole('button', { name: 'Download receipt' });
    expect(receipt).toHaveFocus();
    await user.click(receipt);
    expect(save).toHaveBeenCalledWith(`/payments/${PAYMENT_ID}/receipt`, 'RC-2026-0009.pdf');

    // The fee note behind is asked again: paid, nothing owed, no Pay button.
    const totals = within(screen.getByRole('region', { name: 'Totals' }));
    await vi.waitFor(() =>
      expect(totals.getByText('Balance').closest('div')!.querySelector('dd')).toHaveTextContent(
        'KSh 0',
      ),
    );
    expect(screen.queryByRole('button', { name: 'Pay with M-Pesa' })).toBeNull();
    // Settled: no more asking.
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(polls(calls)).toBe(3);

    await user.click(dialog.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('announces a part payment as received with what is still owed, never as paid', async () => {
    const part = { amountKsh: 10_000 };
    const calls = mockApi({
      [`GET /fee-notes/${NOTE_ID}`]: [200, aFeeNote()],
      'POST /payments/mpesa': [202, started],
      [`GET /payments/${PAYMENT_ID}`]: paymentAnswers([
        pushed(part),
        pushed({ ...part, status: 'succeeded', receiptNumber: 'RC/2026/0010' }),
      ]),
    });
    const { user, dialog } = await openDialog();
    const amount = dialog.getByLabelText(/Amount \(KSh\)/);
    await user.clear(amount);
    await user.type(amount, '10000');
    await user.click(dialog.getByRole('button', { name: 'Pay KSh 10,000' }));
    await dialog.findByText(MPESA_TEXTS.checkPhone);
    await vi.waitFor(() => expect(polls(calls)).toBe(1));
    await act(() => vi.advanceTimersByTimeAsync(3_000));

    const status = dialog.getByRole('status');
    expect(
      await within(status).findByText(
        'KSh 10,000 received; KSh 27,520 still owed. Your receipt is RC/2026/0010',
      ),
    ).toBeInTheDocument();
    expect(within(status).queryByText(/Paid/)).toBeNull();
  });

  it('says in plain words that a cancelled request paid nothing, and Try again goes back to the phone', async () => {
    const failed = pushed({
      status: 'failed',
      mpesa: { ...pushed().mpesa!, resultCode: 1032, failureText: MPESA_TEXTS.cancelled },
    });
    const calls = mockApi({
      [`GET /fee-notes/${NOTE_ID}`]: [200, aFeeNote()],
      'POST /payments/mpesa': [202, started],
      [`GET /payments/${PAYMENT_ID}`]: paymentAnswers([pushed(), failed]),
    });
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Pay KSh 37,520' }));
    await dialog.findByText(MPESA_TEXTS.checkPhone);
    await act(() => vi.advanceTimersByTimeAsync(3_000));

    expect(
      await within(dialog.getByRole('status')).findByText(
        'You cancelled the M-Pesa request on your phone. Nothing was paid.',
      ),
    ).toBeVisible();
    const tryAgain = dialog.getByRole('button', { name: 'Try again' });
    expect(tryAgain).toHaveFocus();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(polls(calls)).toBe(2);

    await user.click(tryAgain);
    const phone = dialog.getByLabelText(/M-Pesa phone number/);
    expect(phone).toHaveValue('+254 712 345 678');
    await vi.waitFor(() => expect(phone).toHaveFocus());
    expect(dialog.queryByText(MPESA_TEXTS.cancelled)).toBeNull();
    expect(dialog.getByRole('button', { name: 'Pay KSh 37,520' })).toBeVisible();
    // Back to the phone step only: nothing is asked of M-Pesa until Pay is pressed again.
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
    expect(dialog.getByLabelText(/M-Pesa phone number/)).toBeVisible();
  });

  it('shows the server’s 409 (a request already on its way) and stays on the phone step', async () => {
    mockApi({
      [`GET /fee-notes/${NOTE_ID}`]: [200, aFeeNote()],
      'POST /payments/mpesa': [409, { message: MPESA_TEXTS.alreadyAsked, code: 'CONFLICT' }],
    });
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Pay KSh 37,520' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(MPESA_TEXTS.alreadyAsked);
    expect(dialog.getByLabelText(/M-Pesa phone number/)).toBeVisible();
    expect(dialog.queryByText(MPESA_TEXTS.checkPhone)).toBeNull();
  });

  it('when paying from the portal is not set up, shows the firm’s paybill with the fee note as account', async () => {
    mockApi({
      [`GET /fee-notes/${NOTE_ID}`]: [200, aFeeNote()],
      'POST /payments/mpesa': [409, { message: MPESA_TEXTS.notSetUp, code: 'CONFLICT' }],
      'GET /dashboard/stats': [
        200,
        {
          role: 'client',
          client: {
            payment: {
              mpesaKind: 'paybill',
              mpesaNumber: '522522',
              mpesaInstructions: 'Use the fee note number as the account number.',
            },
          },
        },
      ],
    });
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Pay KSh 37,520' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(MPESA_TEXTS.notSetUp);
    expect(await dialog.findByText('522522')).toBeVisible();
    expect(dialog.getByText('M-Pesa Paybill:')).toBeVisible();
    // What a payer types on the M-Pesa menu: the number in letters and digits only.
    expect(dialog.getByText('FN20260042')).toBeVisible();
    expect(dialog.getByText('Use the fee note number as the account number.')).toBeVisible();
    expect(dialog.getByRole('button', { name: 'Close' })).toHaveFocus();
  });

  it('when the firm has no paybill either, gives its number to call and a message to write', async () => {
    mockApi({
      [`GET /fee-notes/${NOTE_ID}`]: [200, aFeeNote()],
      'POST /payments/mpesa': [409, { message: MPESA_TEXTS.notSetUp, code: 'CONFLICT' }],
      'GET /dashboard/stats': [
        200,
        {
          role: 'client',
          client: { payment: { mpesaKind: 'paybill', mpesaNumber: '', mpesaInstructions: '' } },
        },
      ],
    });
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Pay KSh 37,520' }));
    expect(await dialog.findByRole('link', { name: '+254 20 765 4321' })).toHaveAttribute(
      'href',
      'tel:+254207654321',
    );
    expect(dialog.getByRole('link', { name: 'Send Message' })).toHaveAttribute(
      'href',
      '/messages?new=1',
    );
  });

  it('closing while it waits stops following the payment', async () => {
    const calls = mockApi({
      [`GET /fee-notes/${NOTE_ID}`]: [200, aFeeNote()],
      'POST /payments/mpesa': [202, started],
      [`GET /payments/${PAYMENT_ID}`]: [200, pushed()],
    });
    const { user, dialog } = await openDialog();
    await user.click(dialog.getByRole('button', { name: 'Pay KSh 37,520' }));
    await dialog.findByText(MPESA_TEXTS.checkPhone);
    await vi.waitFor(() => expect(polls(calls)).toBe(1));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(10_000));
    expect(polls(calls)).toBe(1);
  });

  it('is not offered to staff, who record what came in by hand', async () => {
    mockApi({ [`GET /fee-notes/${NOTE_ID}`]: [200, aFeeNote()] });
    renderWithApp(<FeeNotePage id={NOTE_ID} actor={anAdvocate()} />, {
      path: `/billing/${NOTE_ID}`,
    });
    expect(await screen.findByRole('heading', { name: 'Fee note FN/2026/0042' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay with M-Pesa' })).toBeNull();
  });

  it.each([
    ['a cancelled', aFeeNote({ status: 'cancelled' })],
    [
      'another client’s',
      aFeeNote({ client: { id: 'someone-else', name: 'B', email: 'b@x.test' } }),
    ],
  ])('is not offered on %s fee note', async (_, note) => {
    mockApi({ [`GET /fee-notes/${NOTE_ID}`]: [200, note] });
    renderWithApp(<FeeNotePage id={NOTE_ID} actor={client} />, { path: `/billing/${NOTE_ID}` });
    expect(await screen.findByRole('heading', { name: 'Fee note FN/2026/0042' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Pay with M-Pesa' })).toBeNull();
  });
});
