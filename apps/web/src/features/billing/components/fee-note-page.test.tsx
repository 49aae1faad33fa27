import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aClient } from '../../../testing/people';
import { mockApi, renderWithApp } from '../../../testing/render';
import * as fileTransfer from '../../../lib/file-transfer';
import { NOTE_ID, aFeeNote } from './billing-test-data';
import { FeeNotePage } from './fee-note-page';

afterEach(() => vi.restoreAllMocks());

const renderPage = () =>
  renderWithApp(<FeeNotePage id={NOTE_ID} actor={aClient()} />, { path: `/billing/${NOTE_ID}` });

describe('a fee note', () => {
  it('shows its lines (fees, then disbursements), totals and payments with receipts', async () => {
    mockApi({ [`GET /fee-notes/${NOTE_ID}`]: [200, aFeeNote()] });
    const save = vi.spyOn(fileTransfer, 'downloadFile').mockResolvedValue();
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Fee note FN/2026/0042' })).toBeVisible();

    const lines = screen.getByRole('region', { name: 'Work and costs' });
    const headings = within(lines).getAllByRole('heading', { level: 3 });
    expect(headings.map((heading) => heading.textContent)).toEqual([
      'Professional fees',
      'Disbursements',
    ]);
    expect(within(lines).getByText('Drafting the petition')).toBeVisible();
    expect(within(lines).getByText('2 × KSh 20,000')).toBeVisible();

    const totals = within(screen.getByRole('region', { name: 'Totals' }));
    const amountOf = (label: string) =>
      totals.getByText(label).closest('div')!.querySelector('dd')!.textContent;
    expect(amountOf('Fees')).toBe('KSh 47,000');
    expect(amountOf('VAT 16%')).toBe('KSh 7,520');
    expect(amountOf('Disbursements')).toBe('KSh 3,000');
    expect(amountOf('Total')).toBe('KSh 57,520');
    expect(amountOf('Paid')).toBe('KSh 20,000');
    expect(amountOf('Balance')).toBe('KSh 37,520');

    const payments = within(screen.getByRole('list', { name: 'Payments on this fee note' }));
    expect(payments.getByText(/Receipt RC\/2026\/0005/)).toBeVisible();
    await userEvent.click(payments.getByRole('button', { name: 'Download receipt RC/2026/0005' }));
    expect(save).toHaveBeenCalledWith(
      '/payments/33333333-3333-4333-8333-333333333333/receipt',
      'RC-2026-0005.pdf',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    expect(save).toHaveBeenCalledWith(`/fee-notes/${NOTE_ID}/pdf`, 'FN-2026-0042.pdf');
  });

  it('leaves out VAT when there is none, and shows a cancelled one’s credit note and reason', async () => {
    const note = aFeeNote({ status: 'cancelled', payments: [] });
    note.totals = { ...note.totals, vatKsh: 0, vatRatePercent: 0, paidKsh: 0 };
    note.cancellation = {
      creditNoteNumber: 'CN/2026/0001',
      reason: 'Billed to the wrong matter',
      at: '2026-11-05T07:00:00.000Z',
    };
    mockApi({ [`GET /fee-notes/${NOTE_ID}`]: [200, note] });
    renderPage();
    const cancelled = await screen.findByRole('region', { name: 'Cancelled' });
    expect(cancelled).toHaveTextContent('Cancelled by credit note CN/2026/0001 on Thu 5 Nov 2026.');
    expect(cancelled).toHaveTextContent('Billed to the wrong matter');
    expect(screen.queryByText(/^VAT/)).toBeNull();
    expect(screen.getByText('No payments yet')).toBeVisible();
    const save = vi.spyOn(fileTransfer, 'downloadFile').mockResolvedValue();
    await userEvent
      .setup()
      .click(within(cancelled).getByRole('button', { name: 'Download credit note' }));
    expect(save).toHaveBeenCalledWith(`/fee-notes/${NOTE_ID}/credit-note`, 'CN-2026-0001.pdf');
  });

  it('shows staff why an M-Pesa payment needs checking', async () => {
    const note = aFeeNote();
    note.payments = [
      {
        ...note.payments[0]!,
        status: 'failed',
        receiptNumber: null,
        receivedAt: null,
        flaggedReason: 'M-Pesa reported KSh 1 for a request of KSh 12,500',
      },
    ];
    mockApi({ [`GET /fee-notes/${NOTE_ID}`]: [200, note] });
    renderPage();
    expect(
      await screen.findByText('M-Pesa reported KSh 1 for a request of KSh 12,500', {
        exact: false,
      }),
    ).toBeVisible();
    expect(screen.getByText('Needs checking:')).toBeVisible();
  });

  it('offers no PDF for a draft', async () => {
    mockApi({
      [`GET /fee-notes/${NOTE_ID}`]: [
        200,
        aFeeNote({ status: 'draft', number: null, payments: [] }),
      ],
    });
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Draft fee note' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Download PDF' })).toBeNull();
  });

  it('says plainly when the fee note is not found, with the way back to Billing', async () => {
    mockApi({
      [`GET /fee-notes/${NOTE_ID}`]: [404, { message: 'Fee note not found', code: 'NOT_FOUND' }],
    });
    renderPage();
    expect(await screen.findByText('Fee note not found')).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Back to Billing' })[0]).toHaveAttribute(
      'href',
      '/billing',
    );
  });
});

describe('how to pay a fee note at the firm’s paybill', () => {
  const stats = (mpesaKind: 'paybill' | 'till', mpesaNumber: string) => [
    200,
    { role: 'client', client: { payment: { mpesaKind, mpesaNumber, mpesaInstructions: '' } } },
  ];

  it('says the paybill and the fee note’s account number beside what is owed', async () => {
    mockApi({
      [`GET /fee-notes/${NOTE_ID}`]: [200, aFeeNote()],
      'GET /dashboard/stats': stats('paybill', '174379') as [number, unknown],
    });
    renderPage();
    expect(await screen.findByText('Pay Bill 174379, account FN20260042')).toBeVisible();
    expect(screen.getByText(/Pay from your phone’s M-Pesa menu/)).toBeVisible();
  });

  it('says nothing of a paybill when the firm has a till, or nothing set up', async () => {
    const calls = mockApi({
      [`GET /fee-notes/${NOTE_ID}`]: [200, aFeeNote()],
      'GET /dashboard/stats': stats('till', '5123456') as [number, unknown],
    });
    renderPage();
    expect(await screen.findByRole('button', { name: /Pay with M-Pesa/ })).toBeVisible();
    await waitFor(() => expect(calls.map((call) => call.url)).toContain('/api/dashboard/stats'));
    expect(screen.queryByText(/Pay Bill/)).toBeNull();
  });
});
