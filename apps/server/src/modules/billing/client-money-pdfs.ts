import type { Executor } from '../../db/client';
import { readFirmSettings } from '../settings/firm-settings.service';
import type { BillingDeps } from './billing-deps';
import type {
  ClientLedgerDocument,
  ClientMoneyPackDocument,
  ClientMoneyReceiptDocument,
  ClientMoneyReconciliationDocument,
} from './billing-documents';
import { fileNameOf, letterheadOf, partyOf, paybillSentenceOf } from './billing-letterhead';
import { cachedPdf } from './billing-pdf-cache';

/**
 * What billing offers client money's PDFs (ADR 045, named in eslint.config.js): its letterhead,
 * its worker pool and its cache (billing-pdf-cache.ts), so a client-account receipt and a client's
 * statement read as one set with the fee notes and are drawn off the event loop, kept until what
 * they show changes. Client money builds the documents; billing only draws them.
 */

type Deps = Pick<BillingDeps, 'firmNotifyEmail' | 'logger'> & { db: Executor };
type WithoutLetterhead<T> = Omit<T, 'letterhead'>;

export { partyOf as clientMoneyPartyOf };
export { sendPdf } from './billing.routes';
export type { ClientMoneyPackDocument } from './billing-documents';

async function letterhead(deps: Deps) {
  return letterheadOf(await readFirmSettings(deps));
}

/** The receipt of client-money entry `entryId` (CR/<year>/<n>), kept as `client_money_receipt:<id>`. */
export async function clientMoneyReceiptPdf(
  deps: Deps,
  entryId: string,
  doc: WithoutLetterhead<ClientMoneyReceiptDocument>,
) {
  const full: ClientMoneyReceiptDocument = { ...doc, letterhead: await letterhead(deps) };
  return {
    filename: fileNameOf(doc.number),
    bytes: await cachedPdf(deps.db, `client_money_receipt:${entryId}`, {
      kind: 'client_money_receipt',
      doc: full,
    }),
  };
}

/** A client's statement of client money, kept as `client_ledger:<client id>`. */
export async function clientLedgerPdf(
  deps: Deps & Pick<BillingDeps, 'mpesa'>,
  clientId: string,
  {
    paybillAccount,
    ...doc
  }: Omit<WithoutLetterhead<ClientLedgerDocument>, 'howToPay'> & {
    /** The client's own payment reference (`MW0034`): the account number for money on account. */
    paybillAccount: string | null;
  },
) {
  const full: ClientLedgerDocument = {
    ...doc,
    letterhead: await letterhead(deps),
    howToPay: paybillAccount ? await paybillSentenceOf(deps, deps.db, paybillAccount) : null,
  };
  return {
    filename: `Client-account-statement-${doc.asOf}.pdf`,
    bytes: await cachedPdf(deps.db, `client_ledger:${clientId}`, {
      kind: 'client_ledger',
      doc: full,
    }),
  };
}

/** A client account's reconciliation of a month, kept as `client_money_reconciliation:<account>:<month>`. */
export async function clientMoneyReconciliationPdf(
  deps: Deps,
  accountId: string,
  doc: WithoutLetterhead<ClientMoneyReconciliationDocument>,
) {
  const full: ClientMoneyReconciliationDocument = { ...doc, letterhead: await letterhead(deps) };
  return {
    filename: `Client-account-reconciliation-${doc.month}.pdf`,
    bytes: await cachedPdf(deps.db, `client_money_reconciliation:${accountId}:${doc.month}`, {
      kind: 'client_money_reconciliation',
      doc: full,
    }),
  };
}

/**
 * The accountant's practice-year pack, kept as `client_money_pack:<year>`: drawn again only when
 * what it shows has changed (a new entry, a lock, another day's download).
 */
export async function clientMoneyPackPdf(
  deps: Deps,
  doc: WithoutLetterhead<ClientMoneyPackDocument>,
) {
  const full: ClientMoneyPackDocument = { ...doc, letterhead: await letterhead(deps) };
  return {
    filename: `Client-money-${doc.year}-practice-year-pack.pdf`,
    bytes: await cachedPdf(deps.db, `client_money_pack:${doc.year}`, {
      kind: 'client_money_pack',
      doc: full,
    }),
  };
}
