import type { PaybillPayment } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAdvocate } from '../../../testing/people';
import { mockApi, renderWithApp } from '../../../testing/render';
import { NOTE_ID, aPage, aSummary } from './billing-test-data';
import { BillingScreen } from './billing-screen';

const PAYMENT_ID = '55555555-5555-4555-8555-555555555555';

function aPaybillPayment(overrides: Partial<PaybillPayment> = {}): PaybillPayment {
  return {
    id: PAYMENT_ID,
    transId: 'SLK7PQ2XYZ',
    amountKsh: 15_000,
    paidAt: '2026-11-10T09:30:00.000Z',
    accountNumber: 'amani lease',
    payerName: 'AMANI OTIENO',
    status: 'unallocated',
    unallocatedKsh: 15_000,
    settledTo: null,
    feeNoteId: null,
    clientId: null,
    caseId: null,
    forgedReason: null,
    receivedAt: '2026-11-10T09:30:05.000Z',
    ...overrides,
  };
}

const OUTSTANDING = 'GET /fee-notes?status=outstanding&limit=100';

describe('the Unallocated view of /billing', () => {
  it('lists each waiting paybill payment with what the payer typed', async () => {
    mockApi({
      'GET /payments/unallocated': [
        200,
        {
          payments: [
            aPaybillPayment(),
            aPaybillPayment({
              id: '66666666-6666-4666-8666-666666666666',
              transId: 'SLK8AAA111',
              status: 'received',
              accountNumber: '',
            }),
          ],
        },
      ],
    });
    renderWithApp(<BillingScreen actor={anAdvocate()} />, { path: '/billing?view=unallocated' });
    expect(screen.getByRole('tab', { name: 'Unallocated' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const row = within((await screen.findByText('SLK7PQ2XYZ')).closest('tr')!);
    // The amount paid, and all of it left.
    expect(row.getAllByText('KSh 15,000')).toHaveLength(2);
    expect(row.getByText('AMANI OTIENO')).toBeInTheDocument();
    expect(row.getByText('amani lease')).toBeInTheDocument();
    expect(row.getByRole('button', { name: 'Allocate SLK7PQ2XYZ' })).toBeVisible();
    // Not yet confirmed by M-Pesa: nothing to press, and the reason said.
    const waiting = within(screen.getByText('SLK8AAA111').closest('tr')!);
    expect(waiting.getByText('None typed')).toBeInTheDocument();
    expect(waiting.getByText('Waiting for M-Pesa to confirm it')).toBeInTheDocument();
    expect(waiting.queryByRole('button')).toBeNull();
    expect(screen.getByText('2 payments to allocate')).toBeVisible();
  });

  it('says so when nothing waits, and offers Try again when the list fails', async () => {
    mockApi({ 'GET /payments/unallocated': [200, { payments: [] }] });
    const { unmount } = renderWithApp(<BillingScreen actor={anAdvocate()} />, {
      path: '/billing?view=unallocated',
    });
    expect(
      await screen.findByText('No paybill payment is waiting to be allocated'),
    ).toBeInTheDocument();
    unmount();
    mockApi({ 'GET /payments/unallocated': [503, { message: 'The server is busy' }] });
    renderWithApp(<BillingScreen actor={anAdvocate()} />, { path: '/billing?view=unallocated' });
    expect(await screen.findByRole('button', { name: 'Try again' })).toBeVisible();
  });

  it('allocates a payment to a fee note found by its number, with a reason, and says where it went', async () => {
    let allocated = false;
    const calls = mockApi({
      'GET /payments/unallocated': () => [200, { payments: allocated ? [] : [aPaybillPayment()] }],
      [OUTSTANDING]: [
        200,
        aPage([
          aSummary(),
          aSummary({
            id: '77777777-7777-4777-8777-777777777777',
            number: 'FN/2026/0043',
            client: { id: 'c2', name: 'Baraka Njoroge', email: 'b@example.test' },
          }),
        ]),
      ],
      [`POST /payments/${PAYMENT_ID}/allocate`]: () => {
        allocated = true;
        return [
          200,
          aPaybillPayment({ status: 'settled', unallocatedKsh: 0, settledTo: 'fee_note' }),
        ];
      },
    });
    renderWithApp(<BillingScreen actor={anAdvocate()} />, { path: '/billing?view=unallocated' });
    await userEvent.click(await screen.findByRole('button', { name: 'Allocate SLK7PQ2XYZ' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Allocate SLK7PQ2XYZ' }));

    // Without a fee note or a reason, nothing is sent and each field says what is missing.
    await userEvent.click(dialog.getByRole('button', { name: 'Allocate' }));
    expect(dialog.getByText('Choose the fee note', { selector: 'p' })).toBeInTheDocument();
    expect(dialog.getByText('Say why the money goes there')).toBeInTheDocument();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await userEvent.type(
      dialog.getByRole('searchbox', { name: 'Find the fee note' }),
      'fn/2026/0042',
    );
    const select = dialog.getByRole('combobox', { name: /^Fee note/ });
    expect(within(select).queryByText(/FN\/2026\/0043/)).toBeNull();
    await userEvent.selectOptions(select, NOTE_ID);
    await userEvent.type(
      dialog.getByRole('textbox', { name: /^Reason/ }),
      'Amani called: it was for the lease fee note',
    );
    await userEvent.click(dialog.getByRole('button', { name: 'Allocate' }));

    expect(
      await screen.findByText('KSh 15,000 of SLK7PQ2XYZ went to fee note FN/2026/0042.'),
    ).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      to: 'fee_note',
      feeNoteId: NOTE_ID,
      reason: 'Amani called: it was for the lease fee note',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      await screen.findByText('No paybill payment is waiting to be allocated'),
    ).toBeInTheDocument();
  });

  it('refunds with a reason, and shows the server’s refusal in the dialog', async () => {
    mockApi({
      'GET /payments/unallocated': [200, { payments: [aPaybillPayment()] }],
      [OUTSTANDING]: [200, aPage([])],
      [`POST /payments/${PAYMENT_ID}/allocate`]: [
        409,
        { message: 'This payment has nothing left to allocate' },
      ],
    });
    renderWithApp(<BillingScreen actor={anAdvocate()} />, { path: '/billing?view=unallocated' });
    await userEvent.click(await screen.findByRole('button', { name: 'Allocate SLK7PQ2XYZ' }));
    const dialog = within(await screen.findByRole('dialog'));
    await userEvent.selectOptions(
      dialog.getByRole('combobox', { name: /^Where the money goes/ }),
      'refunded_outside',
    );
    expect(dialog.queryByRole('combobox', { name: /^Fee note/ })).toBeNull();
    await userEvent.type(dialog.getByRole('textbox', { name: /^Reason/ }), 'Sent back by M-Pesa');
    await userEvent.click(dialog.getByRole('button', { name: 'Allocate' }));
    expect(
      await dialog.findByText('This payment has nothing left to allocate', {
        selector: '[role=alert] *, [role=alert]',
      }),
    ).toBeInTheDocument();
  });
});
