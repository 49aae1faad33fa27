/**
 * Per-account sign-in throttling (DECISIONS "Accounts and security"): after MAX_FAILURES wrong
 * passwords in a row, the account is locked for LOCK_MINUTES. Known accounts keep their count in the
 * database (users.failed_login_count, users.locked_until). Unknown emails are counted here, in
 * memory, with the same rule, so that a lock-out never tells whether an email has an account.
 */
export const MAX_FAILURES = 5;
export const LOCK_MINUTES = 15;
const MAX_TRACKED = 10_000;

export class UnknownAccountThrottle {
  private readonly entries = new Map<string, { failures: number; lockedUntil: number }>();

  lockedUntil(email: string, now: number): number | null {
    const entry = this.entries.get(email);
    return entry && entry.lockedUntil > now ? entry.lockedUntil : null;
  }

  fail(email: string, now: number): void {
    const entry = this.entries.get(email) ?? { failures: 0, lockedUntil: 0 };
    entry.failures += 1;
    if (entry.failures >= MAX_FAILURES) {
      entry.failures = 0;
      entry.lockedUntil = now + LOCK_MINUTES * 60_000;
    }
    this.entries.delete(email);
    this.entries.set(email, entry);
    // Oldest first: a flood of random emails cannot grow this without bound.
    if (this.entries.size > MAX_TRACKED) {
      this.entries.delete(this.entries.keys().next().value!);
    }
  }
}
