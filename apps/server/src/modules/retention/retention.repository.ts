import { and, eq, exists, gt, inArray, isNotNull, isNull, lte, notExists, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { lockForTransaction } from '../../db/advisory-locks';
import type { Executor } from '../../db/client';
import {
  appointments,
  caseDocuments,
  contactMessages,
  deliveries,
  enquiryStates,
  expenses,
  messageAttachments,
  notifications,
  passwordResetTokens,
  secureAccountTokens,
  signInChallenges,
  signInDevices,
  sessions,
} from '../../db/schema';

/** Serialises purges of several processes sharing one PostgreSQL: the second finds nothing left. */
export async function lockRetentionPurge(tx: Executor): Promise<void> {
  await lockForTransaction(tx, 'retentionPurge');
}

/**
 * Deletes contact messages received at or before `createdBefore`; returns how many.
 *
 * A message converted into a client account (the Enquiries inbox, ADR 018) led to instructions:
 * it is part of the client's file, kept as the privacy policy says, so it is not purged here.
 */
export async function deleteContactMessagesCreatedBefore(
  db: Executor,
  createdBefore: Date,
): Promise<number> {
  const rows = await db
    .delete(contactMessages)
    .where(
      and(
        lte(contactMessages.createdAt, createdBefore),
        notExists(
          db
            .select({ id: enquiryStates.id })
            .from(enquiryStates)
            .where(
              and(
                eq(enquiryStates.contactMessageId, contactMessages.id),
                isNotNull(enquiryStates.clientId),
              ),
            ),
        ),
      ),
    )
    .returning({ id: contactMessages.id });
  return rows.length;
}

/**
 * Deletes booking requests made by visitors (no client account) whose meeting ended at or before
 * `endedBefore`, with their history; returns how many. The privacy policy keeps booking requests
 * that do not lead to instructions for 12 months, counted from the meeting rather than the
 * request, since a booking may be made months ahead. A booking converted into a client's (the
 * Enquiries inbox) has a client account and is kept with the client's file.
 */
export async function deleteVisitorBookingsEndedBefore(
  db: Executor,
  endedBefore: Date,
): Promise<number> {
  const rows = await db
    .delete(appointments)
    .where(
      and(
        isNull(appointments.clientId),
        isNotNull(appointments.visitorTokenHash),
        lte(appointments.endsAt, endedBefore),
      ),
    )
    .returning({ id: appointments.id });
  return rows.length;
}

/** Deletes notifications written at or before `createdBefore`; returns how many. */
/** Sent or failed deliveries written before `createdBefore`; a queued one is still being tried. */
export async function deleteDeliveriesCreatedBefore(
  db: Executor,
  createdBefore: Date,
): Promise<number> {
  const rows = await db
    .delete(deliveries)
    .where(
      and(lte(deliveries.createdAt, createdBefore), inArray(deliveries.status, ['sent', 'failed'])),
    )
    .returning({ id: deliveries.id });
  return rows.length;
}

export async function deleteNotificationsCreatedBefore(
  db: Executor,
  createdBefore: Date,
): Promise<number> {
  const rows = await db
    .delete(notifications)
    .where(lte(notifications.createdAt, createdBefore))
    .returning({ id: notifications.id });
  return rows.length;
}

/** Deletes sessions that expired, or were revoked, at or before `endedBefore`; returns how many. */
export async function deleteSessionsEndedBefore(db: Executor, endedBefore: Date): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(or(lte(sessions.expiresAt, endedBefore), lte(sessions.revokedAt, endedBefore)))
    .returning({ id: sessions.id });
  return rows.length;
}

/** Deletes reset links that expired, or were used, at or before `endedBefore`; returns how many. */
export async function deleteResetTokensEndedBefore(
  db: Executor,
  endedBefore: Date,
): Promise<number> {
  const rows = await db
    .delete(passwordResetTokens)
    .where(
      or(
        lte(passwordResetTokens.expiresAt, endedBefore),
        lte(passwordResetTokens.usedAt, endedBefore),
      ),
    )
    .returning({ id: passwordResetTokens.id });
  return rows.length;
}

/**
 * Deletes sign-in challenges (ADR 037) that expired, or were ended, at or before `endedBefore`;
 * returns how many.
 */
export async function deleteChallengesEndedBefore(
  db: Executor,
  endedBefore: Date,
): Promise<number> {
  const rows = await db
    .delete(signInChallenges)
    .where(
      or(lte(signInChallenges.expiresAt, endedBefore), lte(signInChallenges.usedAt, endedBefore)),
    )
    .returning({ id: signInChallenges.id });
  return rows.length;
}

/**
 * Deletes sign-in alerts' "secure your account" links (ADR 037) that expired, or were used, at or
 * before `endedBefore`; returns how many.
 */
export async function deleteSecureAccountTokensEndedBefore(
  db: Executor,
  endedBefore: Date,
): Promise<number> {
  const rows = await db
    .delete(secureAccountTokens)
    .where(
      or(
        lte(secureAccountTokens.expiresAt, endedBefore),
        lte(secureAccountTokens.usedAt, endedBefore),
      ),
    )
    .returning({ id: secureAccountTokens.id });
  return rows.length;
}

/**
 * Deletes the devices an account last signed in from at or before `lastSeenBefore` (ADR 037,
 * sign-in alerts), keeping each account's most recently seen one: with none left its next
 * sign-in would alert nobody, as an account's first does. Returns how many.
 */
export async function deleteDevicesUnseenSince(
  db: Executor,
  lastSeenBefore: Date,
): Promise<number> {
  const newer = alias(signInDevices, 'newer_device');
  const rows = await db
    .delete(signInDevices)
    .where(
      and(
        lte(signInDevices.lastSeenAt, lastSeenBefore),
        exists(
          db
            .select({ id: newer.id })
            .from(newer)
            .where(
              and(
                eq(newer.userId, signInDevices.userId),
                gt(newer.lastSeenAt, signInDevices.lastSeenAt),
              ),
            ),
        ),
      ),
    )
    .returning({ id: signInDevices.id });
  return rows.length;
}

/** Ids per query of the stored-files sweep: a few thousand bind parameters at most. */
const FILE_IDS_PER_QUERY = 1000;

/**
 * Which of `ids` a row names as its stored file: a case document or a message attachment (the
 * only rows whose bytes live in DOCUMENTS_DIR, under the row's id).
 */
export async function findReferencedFileIds(
  db: Executor,
  ids: readonly string[],
): Promise<Set<string>> {
  const referenced = new Set<string>();
  for (let i = 0; i < ids.length; i += FILE_IDS_PER_QUERY) {
    const chunk = ids.slice(i, i + FILE_IDS_PER_QUERY);
    const rows = await db
      .select({ id: caseDocuments.id })
      .from(caseDocuments)
      .where(inArray(caseDocuments.id, chunk))
      .union(
        db
          .select({ id: messageAttachments.id })
          .from(messageAttachments)
          .where(inArray(messageAttachments.id, chunk)),
      );
    for (const row of rows) referenced.add(row.id);
    // An expense's receipt (ADR 050) names its file by text, so it is asked apart from the union.
    const receipts = await db
      .select({ id: expenses.receiptPath })
      .from(expenses)
      .where(inArray(expenses.receiptPath, chunk));
    for (const row of receipts) if (row.id) referenced.add(row.id);
  }
  return referenced;
}
