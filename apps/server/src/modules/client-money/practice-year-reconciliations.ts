import { practiceYearMonths, type Reconciliation } from '@firm/shared';
import type { Executor } from '../../db/client';
import { clientAccountsOpenBy } from './practice-year.repository';
import { monthOf } from './reconciliations.service';
import { monthEnd } from './statements/reconciliation';

/**
 * The monthly reconciliations of each client account, as the practice-year pack prints them
 * (ADR 045). The figures are the reconciliation's own (`monthOf`, ADR 046): the statement's
 * balance adjusted, the cash book, the client ledgers, the differences in words and the month's
 * lock, so the pack and the Reconciliation screen never differ.
 */
export async function reconciliationsOfYear(
  db: Executor,
  year: number,
  today: string,
): Promise<Reconciliation[]> {
  const result: Reconciliation[] = [];
  for (const account of await clientAccountsOpenBy(db, `${year}-12-31`)) {
    // From the account's opening month, up to the month today is in.
    for (const month of practiceYearMonths(year)) {
      if (monthEnd(month) < account.openingDate || `${month}-01` > today) continue;
      result.push((await monthOf(db, account, month)).figures);
    }
  }
  return result;
}
