/**
 * Per-account sign-in throttling (docs/roles-and-permissions.md, ADR 003): after MAX_FAILURES
 * wrong passwords in a row the account is locked for LOCK_MINUTES. Each attempt claims its slot
 * before the password is checked, in one atomic step, so however many guesses arrive at once, at
 * most MAX_FAILURES of them are ever checked per lock window. Known accounts keep their count in the
 * database (`claimSignInAttempt`); unknown emails are counted here with the same rule, so that a
 * lock-out never tells whether an email has an account.
 */
export const MAX_FAILURES = 5;
export const LOCK_MINUTES = 15;
export const LOCK_MS = LOCK_MINUTES * 60_000;
const MAX_TRACKED = 10_000;

export type AttemptClaim = { allowed: true } | { allowed: false; lockedUntil: number };

/** Counts sign-in attempts for emails that have no account. */
export interface UnknownAccountThrottle {
  /**
   * Claims one attempt for `email`: refused while it is locked; the MAX_FAILURES-th claim is
   * allowed and starts the lock at once (an unknown email's password is always wrong).
   */
  claim(email: string, now: number): Promise<AttemptClaim>;
}

/** In this process's memory: the default when no REDIS_URL is configured. */
export class MemoryUnknownAccountThrottle implements UnknownAccountThrottle {
  private readonly entries = new Map<string, { failures: number; lockedUntil: number }>();

  // Synchronous inside: two claims in one process cannot interleave.
  async claim(email: string, now: number): Promise<AttemptClaim> {
    const entry = this.entries.get(email) ?? { failures: 0, lockedUntil: 0 };
    if (entry.lockedUntil > now) return { allowed: false, lockedUntil: entry.lockedUntil };
    entry.failures += 1;
    if (entry.failures >= MAX_FAILURES) {
      entry.failures = 0;
      entry.lockedUntil = now + LOCK_MS;
    }
    this.entries.delete(email);
    this.entries.set(email, entry);
    // Oldest first: a flood of random emails cannot grow this without bound.
    if (this.entries.size > MAX_TRACKED) {
      this.entries.delete(this.entries.keys().next().value!);
    }
    return { allowed: true };
  }
}
