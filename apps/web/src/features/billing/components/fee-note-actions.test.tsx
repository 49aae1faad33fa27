import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aClient, anAdmin, anAdvocate } from '../../../testing/people';
import { mockApi, renderWithApp } from '../../../testing/render';
import { NOTE_ID, aFeeNote, aPayment } from './billing-test-data';
import { FeeNotePage } from './fee-note-page';

const draft = () => aFeeNote({ status: 'draft', number: null, issuedAt: null, payments: [] });
const issuedUnpaid = () => {
  const note = aFeeNote({ payments: [] });
  note.totals = { ...note.totals, paidKsh: 0, balanceKsh: note.totals.totalKsh };
  return note;
};

const renderAs = (actor = anAdvocate()) =>
  renderWithApp(<FeeNotePage id={NOTE_ID} actor={actor} />, {
    path: `/billing/${NOTE_ID}`,
    routes: [{ path: '/billing', element: <p>The list</p> }],
  });

describe('staff actions on a fee note', () => {
  it('issues a draft only after the confirmation, and says what the server said', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      [`GET /fee-notes/${NOTE_ID}`]: [200, draft()],
      [`POST /fee-notes/${NOTE_ID}/issue`]: [
        200,
        {
          success: true,
          message: 'Fee note FN/2026/0042 issued and sent to the client',
          feeNote: aFeeNote({ payments: [] }),
        },
      ],
    });
    renderAs();
    await user.click(await screen.findByRole('button', { name: 'Issue' }));
    const dialog = await screen.findByRole('dialog', { name: 'Issue fee note?' });
    expect(dialog).toHaveTextContent(
      'Issue fee note? The client is emailed and texted at once and it cannot be changed afterwards.',
    );
    // Keeping it sends nothing.
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Issue' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Issue fee note?' })).getByRole('button', {
        name: 'Issue',
      }),
    );
    expect(
      await screen.findByText('Fee note FN/2026/0042 issued and sent to the client'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Fee note FN/2026/0042' })).toBeVisible();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('deletes a draft after the confirmation and goes back to the list', async () => {
    const user = userEvent.setup();
    mockApi({
      [`GET /fee-notes/${NOTE_ID}`]: [200, draft()],
      [`DELETE /fee-notes/${NOTE_ID}`]: [200, { success: true, message: 'Draft deleted' }],
    });
    const { router } = renderAs();
    await user.click(await screen.findByRole('button', { name: 'Delete draft' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this draft?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete draft' }));
    expect(await screen.findByText('Draft deleted')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/billing');
  });

  it('cancels only with a reason, by a credit note', async () => {
    const user = userEvent.setup();
    const cancelled = issuedUnpaid();
    cancelled.status = 'cancelled';
    cancelled.cancellation = {
      creditNoteNumber: 'CN/2026/0001',
      reason: 'Billed to the wrong matter',
      at: '2026-11-05T07:00:00.000Z',
    };
    const calls = mockApi({
      [`GET /fee-notes/${NOTE_ID}`]: [200, issuedUnpaid()],
      [`POST /fee-notes/${NOTE_ID}/cancel`]: [
        200,
        {
          success: true,
          message: 'Fee note cancelled by credit note CN/2026/0001',
          feeNote: cancelled,
        },
      ],
    });
    renderAs();
    await user.click(await screen.findByRole('button', { name: 'Cancel fee note' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Cancel fee note FN/2026/0042' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Cancel with a credit note' }));
    expect(await dialog.findByLabelText('Reason for cancelling')).toHaveAccessibleDescription(
      'Say why the fee note is cancelled 0 of 500 characters',
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.type(dialog.getByLabelText('Reason for cancelling'), 'Billed to the wrong matter');
    await user.click(dialog.getByRole('button', { name: 'Cancel with a credit note' }));
    expect(
      await screen.findByText('Fee note cancelled by credit note CN/2026/0001'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      reason: 'Billed to the wrong matter',
    });
    expect(await screen.findByRole('region', { name: 'Cancelled' })).toHaveTextContent(
      'Billed to the wrong matter',
    );
  });

  it('records a payment, the balance offered, and shows the server’s field message on its field', async () => {
    const user = userEvent.setup();
    const calls = mockApi({
      [`GET /fee-notes/${NOTE_ID}`]: [200, aFeeNote()],
      'POST /payments': [
        400,
        {
          message: 'The amount is more than what is owed (KSh 37,520)',
          errors: { amountKsh: 'The amount is more than what is owed (KSh 37,520)' },
        },
      ],
    });
    renderAs();
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Record payment: FN/2026/0042' }),
    );
    const amount = dialog.getByLabelText('Amount (KSh)');
    expect(amount).toHaveValue(37_520);

    // A reference is needed unless it is cash.
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByLabelText('Reference')).toHaveAccessibleDescription(
      /Give the reference: the M-Pesa code, cheque number or bank reference/,
    );

    await user.type(dialog.getByLabelText('Reference'), 'SKL4ABC999');
    await user.clear(amount);
    await user.type(amount, '40000');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByLabelText('Amount (KSh)')).toHaveAccessibleDescription(
      'The amount is more than what is owed (KSh 37,520)',
    );
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      feeNoteId: NOTE_ID,
      amountKsh: 40_000,
      method: 'mpesa',
      reference: 'SKL4ABC999',
    });
  });

  it('records a cash payment received on an earlier day, and shows its receipt', async () => {
    const user = userEvent.setup();
    let recorded = false;
    const paid = aFeeNote({
      status: 'paid',
      payments: [
        aPayment(),
        aPayment({ id: 'p2', method: 'cash', reference: null, receiptNumber: 'RC/2026/0006' }),
      ],
    });
    const calls = mockApi({
      [`GET /fee-notes/${NOTE_ID}`]: () => [200, recorded ? paid : aFeeNote()],
      'POST /payments': () => {
        recorded = true;
        return [
          201,
          { success: true, message: 'Payment recorded. Receipt RC/2026/0006', payment: aPayment() },
        ];
      },
    });
    renderAs();
    await user.click(await screen.findByRole('button', { name: 'Record payment' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.selectOptions(dialog.getByLabelText('Method'), 'Cash');
    const day = dialog.getByLabelText('Date received');
    await user.clear(day);
    await user.type(day, '2026-01-05');
    await user.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment recorded. Receipt RC/2026/0006')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      feeNoteId: NOTE_ID,
      amountKsh: 37_520,
      method: 'cash',
      receivedAt: '2026-01-05T12:00:00.000+03:00',
    });
    expect(
      await screen.findByRole('button', { name: 'Download receipt RC/2026/0006' }),
    ).toBeVisible();
  });

  it('offers a client no staff actions', async () => {
    mockApi({ [`GET /fee-notes/${NOTE_ID}`]: [200, aFeeNote()] });
    renderAs(aClient());
    expect(await screen.findByRole('button', { name: 'Download PDF' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Record payment' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancel fee note' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Issue' })).toBeNull();
  });

  it('offers an admin who manages cases the payment and cancel actions', async () => {
    mockApi({ [`GET /fee-notes/${NOTE_ID}`]: [200, issuedUnpaid()] });
    renderAs(anAdmin({ canManageCases: true }));
    expect(await screen.findByRole('button', { name: 'Record payment' })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel fee note' })).toBeVisible();
  });
});
