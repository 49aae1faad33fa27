import { createHash } from 'node:crypto';
import { nairobiToday } from '@firm/shared';
import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { unprovenRecipientMail } from '../../db/schema';

/**
 * Automatic mail to an address nobody has proven (ADR 023).
 *
 * A public form (the contact form, a visitor's booking) takes any address a stranger types and the
 * firm mails it at once. Without a cap, anyone could have the firm's mail server write to a victim
 * a hundred times a day. Two rules hold for every such mail:
 *  1. it never echoes text typed by the sender: a fixed text (packages/shared) and a reference
 *     only, so it is worthless as a carrier for someone else's words;
 *  2. at most UNPROVEN_RECIPIENT_DAILY_CAP of them go to one recipient per Nairobi calendar day,
 *     counted in the database (every server process shares the count).
 *
 * Mail to an account's own, proven address (reset links, notifications) is not counted here.
 */
export const UNPROVEN_RECIPIENT_DAILY_CAP = 3;

/**
 * The address as a mailbox, for counting: lower case, trimmed, without a `+tag` (most providers
 * deliver `name+1@…` to `name@…`), and for Gmail without dots in the name (Gmail ignores them).
 * Otherwise `victim+1@`, `victim+2@`, `v.ictim@` would each get a fresh allowance.
 */
export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1);
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  if (domain === 'googlemail.com') domain = 'gmail.com';
  if (domain === 'gmail.com') local = local.replace(/\./g, '');
  return `${local}@${domain}`;
}

/** What is stored instead of the address: it can be matched, not read back. */
export function recipientHash(email: string): string {
  return createHash('sha256')
    .update(`unproven-recipient:${mailboxOf(email)}`)
    .digest('hex');
}

/**
 * Claims one of today's automatic mails to `email` (an address nobody has proven). Resolves true
 * when the mail may go, false when the recipient has already had UNPROVEN_RECIPIENT_DAILY_CAP
 * today (a Nairobi day, from `now`).
 *
 * Contract:
 *  - Call it with the transaction `tx` that writes the record causing the mail (the contact
 *    message, the booking), so the claim and the record commit or roll back together: a failed
 *    write uses up no allowance, and a claim is never lost by a crash after the commit.
 *  - It is atomic across processes: one `INSERT … ON CONFLICT DO UPDATE … WHERE sent < cap`
 *    statement, whose row lock makes concurrent claims for one address wait for each other, on
 *    PostgreSQL and PGlite alike. It never throws for a refused claim.
 *  - A refusal refuses only the automatic mail. The caller still stores the record and still
 *    tells the firm; it skips the mail to `email` and logs that it did, without the address.
 *  - Send the mail only after `tx` commits (a rolled-back record must send nothing).
 *  - Only the SHA-256 of the normalised address is stored (mailboxOf), with the day and a count;
 *    rows of earlier days are deleted here, so the table holds at most one day.
 */
export async function claimUnprovenRecipient(
  tx: Executor,
  email: string,
  now: Date = new Date(),
): Promise<boolean> {
  const day = nairobiToday(now);
  const table = unprovenRecipientMail;
  await tx.delete(table).where(sql`${table.day} < ${day}`);
  const claimed = await tx
    .insert(table)
    .values({ recipientHash: recipientHash(email), day, sent: 1 })
    .onConflictDoUpdate({
      target: [table.recipientHash, table.day],
      set: { sent: sql`${table.sent} + 1` },
      setWhere: sql`${table.sent} < ${UNPROVEN_RECIPIENT_DAILY_CAP}`,
    })
    .returning({ sent: table.sent });
  return claimed.length > 0;
}
