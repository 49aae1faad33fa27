import type { FeeNote, FeeNotePage, FeeNoteSummary, Payment } from '@firm/shared';

/** Sample fee notes and payments as the API answers them, for the billing tests. */

export const NOTE_ID = '11111111-1111-4111-8111-111111111111';
export const CLIENT_ID = '00000000-0000-4000-8000-000000000003';
export const CASE_ID = '22222222-2222-4222-8222-222222222222';

export const LONG_MATTER =
  'Corrections to the draft petition for the matrimonial property, Njoroge v Njoroge (ELC Case No. E123 of 2026)';

export function aSummary(overrides: Partial<FeeNoteSummary> = {}): FeeNoteSummary {
  return {
    id: NOTE_ID,
    number: 'FN/2026/0042',
    status: 'issued',
    isOverdue: false,
    client: { id: CLIENT_ID, name: 'Amani Otieno', email: 'amani@example.test' },
    case: { id: CASE_ID, caseNumber: 'MWA/2026/0007', title: LONG_MATTER },
    issuedAt: '2026-11-02T07:00:00.000Z',
    dueDate: '2026-12-02',
    totalKsh: 58_000,
    balanceKsh: 38_000,
    createdAt: '2026-11-01T07:00:00.000Z',
    ...overrides,
  };
}

export function aPage(notes: FeeNoteSummary[], overrides: Partial<FeeNotePage> = {}): FeeNotePage {
  return {
    feeNotes: notes,
    pagination: { page: 1, limit: 20, pages: 1 },
    total: notes.length,
    sums: {
      billedKsh: notes
        .filter((note) => ['issued', 'partly_paid', 'paid'].includes(note.status))
        .reduce((sum, note) => sum + note.totalKsh, 0),
      owedKsh: notes
        .filter((note) => ['issued', 'partly_paid'].includes(note.status))
        .reduce((sum, note) => sum + note.balanceKsh, 0),
    },
    balanceKsh: null,
    ...overrides,
  };
}

export function aPayment(overrides: Partial<Payment> = {}): Payment {
  return {
    id: '33333333-3333-4333-8333-333333333333',
    status: 'succeeded',
    method: 'mpesa',
    source: 'manual',
    amountKsh: 20_000,
    reference: 'SKL4ABC123',
    receiptNumber: 'RC/2026/0005',
    receivedAt: '2026-11-10T09:00:00.000Z',
    feeNote: { id: NOTE_ID, number: 'FN/2026/0042' },
    appointment: null,
    clientName: 'Amani Otieno',
    mpesa: null,
    recordedBy: 'Wanjiru Kamau',
    flaggedReason: null,
    createdAt: '2026-11-10T09:00:00.000Z',
    ...overrides,
  };
}

export function aFeeNote(overrides: Partial<FeeNote> = {}): FeeNote {
  return {
    ...aSummary(),
    buyerKraPin: null,
    lines: [
      {
        kind: 'disbursement',
        description: 'Court filing fees',
        quantity: 1,
        unitPriceKsh: 3_000,
        amountKsh: 3_000,
      },
      {
        kind: 'fee',
        description: 'Drafting the petition',
        quantity: 2,
        unitPriceKsh: 20_000,
        amountKsh: 40_000,
      },
      {
        kind: 'fee',
        description: 'Attendance at the registry',
        quantity: 1,
        unitPriceKsh: 7_000,
        amountKsh: 7_000,
      },
    ],
    totals: {
      feesKsh: 47_000,
      disbursementsKsh: 3_000,
      vatRatePercent: 16,
      vatKsh: 7_520,
      totalKsh: 57_520,
      paidKsh: 20_000,
      balanceKsh: 37_520,
    },
    cancellation: null,
    payments: [aPayment()],
    updatedAt: '2026-11-02T07:00:00.000Z',
    ...overrides,
  };
}
