import {
  BILLING_MESSAGES,
  isFeeNoteOverdue,
  nairobiToday,
  paybillAccountNumber,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { readFirmSettings, withConfiguredMpesa } from '../settings/firm-settings.service';
import { findUserById } from '../users/users.repository';
import type { BillingParty, FeeNoteDocument, ReceiptDocument } from './billing-documents';
import {
  channelsOf,
  clientPartyOf,
  etimsPrintOf,
  fileNameOf,
  letterheadOf,
  partyOf,
  renderCreditNoteOf,
} from './billing-letterhead';
import { cachedPdf } from './billing-pdf-cache';
import { nowOf, type BillingDeps } from './billing-deps';
import { balanceOf, lineView, totalsOf } from './billing-view';
import { findFeeNote, linesOf } from './fee-notes.repository';
import { feeNoteNotFound, feeNoteScopeOf } from './fee-notes.service';
import type { PaymentWithRefs } from './payments.repository';
import { paymentForReceipt } from './payments.service';

/**
 * The fee note and receipt PDFs (ADR 035): built from the same rows and the same rule of what the
 * client may see as the screens, on the firm's letterhead from System Settings; drawn on a worker
 * thread and kept until what they show changes (billing-pdf-cache.ts).
 */

/** GET /api/fee-notes/{id}/pdf: an issued fee note (a draft has no number and is not drawn). */
export async function feeNotePdf(deps: BillingDeps, user: UserRow, id: string) {
  const row = await findFeeNote(deps.db, id, feeNoteScopeOf(user));
  if (!row || row.note.status === 'draft' || !row.note.number || !row.note.issuedAt) {
    throw feeNoteNotFound();
  }
  const { note } = row;
  const [lines, settings, etims] = await Promise.all([
    linesOf(deps.db, id),
    readFirmSettings({ ...deps, db: deps.db }),
    etimsPrintOf(deps, deps.db, id, 'sale'),
  ]);
  const doc: FeeNoteDocument = {
    letterhead: letterheadOf(settings),
    number: note.number!,
    issuedAt: note.issuedAt!,
    dueDate: note.dueDate,
    client: clientPartyOf(row),
    caseLabel: row.caseTitle && row.caseNumber ? `${row.caseTitle} (${row.caseNumber})` : null,
    lines: lines.map(lineView),
    totals: totalsOf(note),
    status: note.status as FeeNoteDocument['status'],
    isOverdue: isFeeNoteOverdue(note, nairobiToday(nowOf(deps))),
    howToPay: channelsOf(
      withConfiguredMpesa(settings, deps.mpesa),
      paybillAccountNumber(note.number!),
    ),
    cancellation:
      note.creditNoteNumber && note.cancelledAt && note.cancelReason
        ? {
            creditNoteNumber: note.creditNoteNumber,
            reason: note.cancelReason,
            at: note.cancelledAt,
          }
        : null,
    etims,
  };
  return {
    filename: fileNameOf(note.number!),
    bytes: await cachedPdf(deps.db, `fee_note:${id}`, { kind: 'fee_note', doc }),
  };
}

/** GET /api/fee-notes/{id}/credit-note: the credit note that cancelled a fee note. */
export async function creditNotePdf(deps: BillingDeps, user: UserRow, id: string) {
  const row = await findFeeNote(deps.db, id, feeNoteScopeOf(user));
  const file = row ? await renderCreditNoteOf(deps, deps.db, row) : undefined;
  if (!file) throw AppError.notFound(BILLING_MESSAGES.creditNoteNotFound, 'NOT_FOUND');
  return file;
}

/** GET /api/payments/{id}/receipt: a succeeded payment's receipt. */
export async function receiptPdf(deps: BillingDeps, user: UserRow, id: string) {
  return renderReceipt({ ...deps, db: deps.db }, await paymentForReceipt(deps, user, id));
}

/**
 * A succeeded payment's receipt as a PDF, whoever asked (a client, staff, a visitor's link: each
 * caller checks first that it may). `db` may be a transaction: the visitor's receipt email is
 * written in the one that settles the payment.
 */
export async function renderReceipt(
  deps: Pick<BillingDeps, 'firmNotifyEmail' | 'logger'> & { db: Executor },
  row: PaymentWithRefs,
) {
  const { payment } = row;
  const settings = await readFirmSettings(deps);
  const payer = payment.clientId ? await findUserById(deps.db, payment.clientId) : undefined;
  const client: BillingParty = payer
    ? partyOf(payer, null)
    : { name: row.appointmentClientName ?? '', email: '', phone: null, kraPin: null };
  let appliedTo: ReceiptDocument['appliedTo'];
  if (payment.feeNoteId) {
    const note = await findFeeNote(deps.db, payment.feeNoteId, { withDrafts: true });
    appliedTo = {
      kind: 'fee_note',
      number: row.feeNoteNumber ?? '',
      balanceAfterKsh: note ? balanceOf(note.note) : 0,
    };
  } else {
    appliedTo = {
      kind: 'appointment',
      title: row.appointmentTitle ?? '',
      startsAt: row.appointmentStartsAt ?? payment.receivedAt!,
    };
  }
  const doc: ReceiptDocument = {
    letterhead: letterheadOf(settings),
    number: payment.receiptNumber!,
    receivedAt: payment.receivedAt!,
    client,
    amountKsh: payment.amountKsh,
    method: payment.method,
    reference: payment.mpesaReceiptNumber ?? payment.reference,
    appliedTo,
  };
  return {
    filename: fileNameOf(payment.receiptNumber!),
    bytes: await cachedPdf(deps.db, `receipt:${payment.id}`, { kind: 'receipt', doc }),
  };
}
