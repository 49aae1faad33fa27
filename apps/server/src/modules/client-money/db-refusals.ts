import {
  CLIENT_MONEY_MESSAGES as M,
  formatMonthTitle,
  monthOf,
  type ErrorCode,
} from '@firm/shared';
import { AppError } from '../../lib/app-error';

/**
 * The database's refusals of a client money write (migration 0039, ADR 045), as the answers a
 * person reads. The service checks the same rules first for a precise message; these are what a
 * concurrent write or a gap in the service meets, and never reach anyone as a 500.
 */

/** The constraint (or trigger's constraint name) that refused a statement, driver whatever. */
export function refusedBy(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined; e;) {
    if (typeof e.code === 'string' && e.code.startsWith('23') && typeof e.constraint === 'string') {
      return e.constraint;
    }
    e = e.cause as typeof e;
  }
  return undefined;
}

const REFUSALS: Record<string, (date: string) => [string, ErrorCode]> = {
  client_money_balances_not_negative: () => [M.insufficientRace, 'CLIENT_MONEY_INSUFFICIENT'],
  client_money_month_locked: (date) => [
    M.monthLocked(formatMonthTitle(monthOf(date))),
    'CLIENT_MONEY_MONTH_LOCKED',
  ],
  client_money_entries_reverses_idx: () => [M.alreadyReversed, 'CLIENT_MONEY_ALREADY_REVERSED'],
  client_money_held_in_client_accounts: () => [M.notAClientAccount, 'CONFLICT'],
  client_money_entries_account_fk: () => [M.notAClientAccount, 'CONFLICT'],
  client_money_lines_account_fk: () => [M.notAClientAccount, 'CONFLICT'],
  client_money_entries_balanced: () => [M.unbalanced, 'CONFLICT'],
  fee_notes_paid_check: () => [M.feeNoteNotPayable, 'CLIENT_MONEY_OVER_FEE_NOTE'],
};

/** Rethrows a known refusal as its 409; anything else goes on as it was. */
export function asClientMoneyRefusal(error: unknown, entryDate: string): unknown {
  const constraint = refusedBy(error);
  const refusal = constraint ? REFUSALS[constraint] : undefined;
  if (!refusal) return error;
  const [message, code] = refusal(entryDate);
  return AppError.conflict(message, code);
}
