import { and, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  conversationMembers,
  conversationNotices,
  conversationReads,
  conversations,
  messages,
} from '../../db/schema';

/** The claims of the "you have a new message" emails (message-notices.ts). */

/** Someone who may be owed an email: the client, a named member, or (null) the firm's address. */
export interface NoticeCandidate {
  conversationId: string;
  recipientId: string | null;
}

/**
 * Conversations with a message older than `unreadSince` that its recipients have not read: the
 * client, for the firm's messages; the named staff (or, with none named, the firm's address) for
 * the client's, which count as read once anyone at the firm has read them. Only messages newer
 * than `since` (the job's look-back) are considered, so the query stays on recent messages.
 */
export async function findNoticeCandidates(
  db: Executor,
  unreadSince: Date,
  since: Date,
): Promise<NoticeCandidate[]> {
  const result = await db.execute(sql`
    with pending as (
      select distinct m.conversation_id, m.from_client
      from ${messages} m
      where m.withdrawn_at is null
        and m.created_at <= ${unreadSince.toISOString()}::timestamptz
        and m.created_at > ${since.toISOString()}::timestamptz
    )
    select p.conversation_id, c.client_id as recipient_id
    from pending p join ${conversations} c on c.id = p.conversation_id
    where not p.from_client
    union
    select p.conversation_id, cm.user_id
    from pending p join ${conversationMembers} cm on cm.conversation_id = p.conversation_id
    where p.from_client
    union
    select p.conversation_id, null::uuid
    from pending p
    where p.from_client
      and not exists (select 1 from ${conversationMembers} cm where cm.conversation_id = p.conversation_id)
  `);
  const rows = (
    result as unknown as { rows: { conversation_id: string; recipient_id: string | null }[] }
  ).rows;
  return rows.map((row) => ({
    conversationId: row.conversation_id,
    recipientId: row.recipient_id,
  }));
}

/**
 * Claims the email to one recipient of one conversation, inside the caller's transaction: the
 * notice row is created if new and locked, so a second server process waits and then finds it
 * claimed. Returns the previous claim time when an email is due (an unread message of the other
 * side, older than `unreadSince`, newer than the last email, which is over an hour old), and
 * undefined when not.
 */
export async function claimNotice(
  tx: Executor,
  candidate: NoticeCandidate,
  now: Date,
  unreadSince: Date,
  everyMs: number,
): Promise<{ previous: Date | null; senderId: string | null; fromClient: boolean } | undefined> {
  await tx
    .insert(conversationNotices)
    .values({ conversationId: candidate.conversationId, recipientId: candidate.recipientId })
    .onConflictDoNothing();
  const [notice] = await tx
    .select()
    .from(conversationNotices)
    .where(
      and(
        eq(conversationNotices.conversationId, candidate.conversationId),
        candidate.recipientId === null
          ? isNull(conversationNotices.recipientId)
          : eq(conversationNotices.recipientId, candidate.recipientId),
      ),
    )
    .for('update');
  if (!notice) return undefined;
  if (notice.emailedAt && notice.emailedAt.getTime() > now.getTime() - everyMs) return undefined;
  const [conversation] = await tx
    .select({ clientId: conversations.clientId })
    .from(conversations)
    .where(eq(conversations.id, candidate.conversationId));
  if (!conversation) return undefined;
  const toClient = candidate.recipientId === conversation.clientId;
  // Read by the recipient: the client's own mark; for the firm, anyone at the firm's.
  const readAt = toClient
    ? sql`(select max(r.last_read_at) from ${conversationReads} r where r.conversation_id = ${candidate.conversationId} and r.user_id = ${conversation.clientId})`
    : sql`(select max(r.last_read_at) from ${conversationReads} r where r.conversation_id = ${candidate.conversationId} and r.user_id <> ${conversation.clientId})`;
  const [unread] = await tx
    .select({ senderId: messages.senderId, fromClient: messages.fromClient })
    .from(messages)
    .where(
      and(
        eq(messages.conversationId, candidate.conversationId),
        isNull(messages.withdrawnAt),
        eq(messages.fromClient, !toClient),
        candidate.recipientId
          ? ne(
              sql`coalesce(${messages.senderId}, '00000000-0000-0000-0000-000000000000'::uuid)`,
              candidate.recipientId,
            )
          : undefined,
        sql`${messages.createdAt} <= ${unreadSince.toISOString()}::timestamptz`,
        sql`${messages.createdAt} > coalesce(${readAt}, '-infinity'::timestamptz)`,
        notice.emailedAt
          ? sql`${messages.createdAt} > ${notice.emailedAt.toISOString()}::timestamptz`
          : undefined,
      ),
    )
    .orderBy(desc(messages.createdAt))
    .limit(1);
  if (!unread) return undefined;
  await tx
    .update(conversationNotices)
    .set({ emailedAt: now })
    .where(eq(conversationNotices.id, notice.id));
  return { previous: notice.emailedAt, senderId: unread.senderId, fromClient: unread.fromClient };
}
