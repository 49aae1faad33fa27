import type { Db } from '../../db/client';
import type { BillingDeps } from '../billing/billing-deps';

/** What the time and expenses services need (ADR 050). */
export interface TimeDeps {
  db: Db;
  /** Receipts are kept in its `receipts` folder, named by the server as documents are. */
  documentsDir: string;
  /** "Bill this" drafts the fee note through billing's one path. */
  billing: BillingDeps;
  now?: () => Date;
}

export const nowOf = (deps: Pick<TimeDeps, 'now'>) => (deps.now ? deps.now() : new Date());
