import {
  FIRM_IDENTITY,
  FIRM_OFFICES,
  formatKenyanPhone,
  payByPaybill,
  type FeeNoteEtims,
  type FirmSettings,
} from '@firm/shared';
import type { Executor } from '../../db/client';
import { documentEtimsOf } from '../etims/fee-note-etims.service';
import { readFirmSettings, withConfiguredMpesa } from '../settings/firm-settings.service';
import type { BillingDeps } from './billing-deps';
import type {
  BillingParty,
  CreditNoteDocument,
  EtimsPrint,
  Letterhead,
  PaymentChannels,
} from './billing-documents';
import { cachedPdf } from './billing-pdf-cache';
import type { FeeNoteWithParties } from './fee-notes.repository';

/**
 * What every billing PDF is drawn from (ADR 035): the firm's letterhead and payment channels from
 * System Settings, and the client as a party. The credit note is built here too, because the
 * cancelling transaction attaches it to the client's email (it reads through that transaction).
 */

const MAIN_OFFICE = FIRM_OFFICES.find((office) => office.isMain) ?? FIRM_OFFICES[0]!;

export function letterheadOf(settings: FirmSettings): Letterhead {
  return {
    firmName: FIRM_IDENTITY.name,
    addressLines: [MAIN_OFFICE.address, `${MAIN_OFFICE.city} ${MAIN_OFFICE.postalCode}`.trim()],
    phone: FIRM_IDENTITY.phone,
    email: MAIN_OFFICE.email,
    kraPin: settings.kraPin || null,
    isVatRegistered: settings.isVatRegistered,
  };
}

export function channelsOf(settings: FirmSettings, accountReference: string): PaymentChannels {
  return {
    mpesa: settings.mpesaNumber
      ? { kind: settings.mpesaKind, number: settings.mpesaNumber, accountReference }
      : null,
    bank:
      settings.bankName && settings.bankAccountNumber
        ? {
            bankName: settings.bankName,
            branch: settings.bankBranch,
            accountName: settings.bankAccountName || FIRM_IDENTITY.name,
            accountNumber: settings.bankAccountNumber,
          }
        : null,
    phone: FIRM_IDENTITY.phone,
  };
}

/**
 * "Pay Bill 123456, account FN20260012" (payByPaybill) when the firm takes payments at a paybill
 * (Daraja's MPESA_SHORTCODE, else System Settings, as on the PDFs); null for a till or none, so
 * nothing about a paybill is said (docs/product-rules.md#paying-by-paybill).
 */
export async function paybillSentenceOf(
  deps: Pick<BillingDeps, 'firmNotifyEmail' | 'logger' | 'mpesa'>,
  db: Executor,
  account: string,
): Promise<string | null> {
  const settings = withConfiguredMpesa(await readFirmSettings({ ...deps, db }), deps.mpesa);
  return settings.mpesaKind === 'paybill' && settings.mpesaNumber
    ? payByPaybill(settings.mpesaNumber, account)
    : null;
}

export function partyOf(
  person: { firstName: string; lastName: string; email: string; phone: string | null },
  kraPin: string | null,
): BillingParty {
  return {
    name: `${person.firstName} ${person.lastName}`,
    email: person.email,
    phone: person.phone ? formatKenyanPhone(person.phone) : null,
    kraPin,
  };
}

/** A file name a person's computer accepts: `FN-2026-0042.pdf`. */
export const fileNameOf = (number: string) => `${number.replaceAll('/', '-')}.pdf`;

/** The clientParty of a fee note row with its client's columns. */
export const clientPartyOf = (row: FeeNoteWithParties) =>
  partyOf(
    {
      firstName: row.clientFirstName,
      lastName: row.clientLastName,
      email: row.clientEmail,
      phone: row.clientPhone,
    },
    row.note.buyerKraPin,
  );

/**
 * What a document's PDF prints of KRA eTIMS (ADR 049): the fee note's sale's receipt, or its
 * credit note's refund's; drawn by etims-pdf.ts.
 */
export async function etimsPrintOf(
  deps: Pick<BillingDeps, 'etims'>,
  db: Executor,
  feeNoteId: string,
  kind: 'sale' | 'credit',
): Promise<EtimsPrint | null> {
  const etims = await documentEtimsOf(db, feeNoteId, kind, deps.etims?.branch?.pin ?? null);
  return etims ? printOf(etims) : null;
}

function printOf(etims: FeeNoteEtims): EtimsPrint {
  if (etims.state !== 'sent') return { state: 'awaiting' };
  return {
    state: 'sent',
    curRcptNo: etims.curRcptNo!,
    totRcptNo: etims.totRcptNo!,
    rcptSign: etims.rcptSign!,
    sdcDateTime: etims.sdcDateTime!,
    intrlData: etims.intrlData ?? null,
    verificationUrl: etims.verificationUrl ?? null,
  };
}

/**
 * The credit note of a cancelled fee note, drawn; undefined when `row` is not cancelled. `db` is
 * the cancelling transaction when the email that carries it is written.
 */
export async function renderCreditNoteOf(
  deps: Pick<BillingDeps, 'firmNotifyEmail' | 'logger' | 'etims'>,
  db: Executor,
  row: FeeNoteWithParties,
): Promise<{ filename: string; bytes: Buffer } | undefined> {
  const { note } = row;
  if (!note.creditNoteNumber || !note.cancelledAt || !note.cancelReason) return undefined;
  const settings = await readFirmSettings({ ...deps, db });
  const doc: CreditNoteDocument = {
    letterhead: letterheadOf(settings),
    number: note.creditNoteNumber,
    issuedAt: note.cancelledAt,
    client: clientPartyOf(row),
    feeNoteNumber: note.number!,
    reason: note.cancelReason,
    amountKsh: note.totalKsh,
    vatKsh: note.vatKsh,
    etims: await etimsPrintOf(deps, db, note.id, 'credit'),
  };
  return {
    filename: fileNameOf(note.creditNoteNumber),
    bytes: await cachedPdf(db, `credit_note:${note.id}`, { kind: 'credit_note', doc }),
  };
}
