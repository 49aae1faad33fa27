import { REPORT_WAITING_HOURS, type ListConversationsFilters } from '@firm/shared';
import { and, asc, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countAll, likePattern, offsetOf, rowsAndTotal } from '../../db/list-queries';
import {
  cases,
  conversationMembers,
  conversationReads,
  conversations,
  messages,
  users,
  type ConversationRow,
  type UserRow,
} from '../../db/schema';
import { activeClientAndStaff, fullName } from '../users/users.repository';

/**
 * Which conversations a caller may reach, decided by the service from `can()` and put into every
 * query's WHERE clause: a client's own; a named member's; or (neither set) every conversation.
 * Out of scope is simply not found (404).
 */
export interface ConversationScope {
  clientId?: string;
  memberId?: string;
}

function scopeCondition(scope: ConversationScope): SQL | undefined {
  if (scope.clientId) return eq(conversations.clientId, scope.clientId);
  if (scope.memberId) {
    return sql`exists (select 1 from ${conversationMembers} cm where cm.conversation_id = ${conversations.id} and cm.user_id = ${scope.memberId})`;
  }
  return undefined;
}

/** Messages by others, not withdrawn, newer than what `viewerId` has read. */
const unreadCount = (viewerId: string) =>
  sql<number>`(select count(*) from ${messages} um
    where um.conversation_id = ${conversations.id}
      and um.withdrawn_at is null
      and um.sender_id is distinct from ${viewerId}
      and um.created_at > coalesce((select cr.last_read_at from ${conversationReads} cr
        where cr.conversation_id = ${conversations.id} and cr.user_id = ${viewerId}), '-infinity'::timestamptz))`.mapWith(
    Number,
  );

const lastMessageId = sql<
  string | null
>`(select lm.id from ${messages} lm where lm.conversation_id = ${conversations.id} order by lm.created_at desc, lm.id desc limit 1)`;

export type ConversationListRow = ConversationRow & {
  clientName: string;
  caseNumber: string | null;
  caseTitle: string | null;
  unreadCount: number;
  lastMessageId: string | null;
};

const listColumns = (viewerId: string) => ({
  conversation: conversations,
  clientName: sql<string>`${fullName(users)}`,
  caseNumber: cases.caseNumber,
  caseTitle: cases.title,
  unreadCount: unreadCount(viewerId),
  lastMessageId,
});

function flatten(row: {
  conversation: ConversationRow;
  clientName: string;
  caseNumber: string | null;
  caseTitle: string | null;
  unreadCount: number;
  lastMessageId: string | null;
}): ConversationListRow {
  const { conversation, ...rest } = row;
  return { ...conversation, ...rest };
}

/**
 * The client wrote last, before `since`: the firm has not answered (a withdrawn message of the
 * client's still waits for one). `last_message_at` is the newest message's time.
 */
export const waitingSince = (since: Date) =>
  sql`${conversations.lastMessageAt} < ${since.toISOString()}::timestamptz and (select lm.from_client from ${messages} lm where lm.conversation_id = ${conversations.id} order by lm.created_at desc, lm.id desc limit 1)`;

/** One page of the conversations in scope, newest activity first (unread ones first if asked). */
export async function listConversations(
  db: Executor,
  scope: ConversationScope,
  viewerId: string,
  filters: ListConversationsFilters,
  now: Date = new Date(),
): Promise<{ rows: ConversationListRow[]; total: number }> {
  const conditions: (SQL | undefined)[] = [scopeCondition(scope)];
  if (filters.waiting === 'day') {
    conditions.push(waitingSince(new Date(now.getTime() - REPORT_WAITING_HOURS * 3_600_000)));
  }
  if (filters.caseId) conditions.push(eq(conversations.caseId, filters.caseId));
  if (filters.clientId) conditions.push(eq(conversations.clientId, filters.clientId));
  if (filters.unread === 'only') conditions.push(sql`${unreadCount(viewerId)} > 0`);
  if (filters.search) {
    const pattern = likePattern(filters.search);
    conditions.push(
      or(
        sql`${conversations.subject} ilike ${pattern}`,
        sql`${fullName(users)} ilike ${pattern}`,
        sql`${cases.caseNumber} ilike ${pattern}`,
      ),
    );
  }
  const where = and(...conditions);
  const order: SQL[] = filters.unread === 'first' ? [sql`(${unreadCount(viewerId)} > 0) desc`] : [];
  order.push(desc(conversations.lastMessageAt), desc(conversations.id));
  const { rows, total } = await rowsAndTotal(
    db
      .select(listColumns(viewerId))
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.clientId))
      .leftJoin(cases, eq(cases.id, conversations.caseId))
      .where(where)
      .orderBy(...order)
      .limit(filters.limit)
      .offset(offsetOf(filters)),
    db
      .select({ total: countAll() })
      .from(conversations)
      .innerJoin(users, eq(users.id, conversations.clientId))
      .leftJoin(cases, eq(cases.id, conversations.caseId))
      .where(where),
  );
  return { rows: rows.map(flatten), total };
}

export async function findConversationInScope(
  db: Executor,
  scope: ConversationScope,
  viewerId: string,
  id: string,
): Promise<ConversationListRow | undefined> {
  const [row] = await db
    .select(listColumns(viewerId))
    .from(conversations)
    .innerJoin(users, eq(users.id, conversations.clientId))
    .leftJoin(cases, eq(cases.id, conversations.caseId))
    .where(and(eq(conversations.id, id), scopeCondition(scope)))
    .limit(1);
  return row ? flatten(row) : undefined;
}

/** Locks the conversation (in scope) for a change: new messages keep `last_message_at` in order. */
export async function lockConversationInScope(
  tx: Executor,
  scope: ConversationScope,
  id: string,
): Promise<ConversationRow | undefined> {
  const [row] = await tx
    .select()
    .from(conversations)
    .where(and(eq(conversations.id, id), scopeCondition(scope)))
    .limit(1)
    .for('update');
  return row;
}

export async function insertConversation(
  tx: Executor,
  values: typeof conversations.$inferInsert,
): Promise<ConversationRow> {
  const [row] = await tx.insert(conversations).values(values).returning();
  return row!;
}

export async function addMembers(
  tx: Executor,
  conversationId: string,
  userIds: string[],
  addedBy: string,
): Promise<void> {
  if (userIds.length === 0) return;
  await tx
    .insert(conversationMembers)
    .values(userIds.map((userId) => ({ conversationId, userId, addedBy })))
    .onConflictDoNothing();
}

/**
 * Names `userId` on every conversation about `caseId` (a new assignee, inside the case change's
 * transaction), so the case's conversations reach whoever now runs it. Those already named stay.
 */
export async function nameOnCaseConversations(
  tx: Executor,
  caseId: string,
  userId: string,
  addedBy: string,
): Promise<void> {
  await tx.execute(sql`
    insert into ${conversationMembers} (conversation_id, user_id, added_by)
    select c.id, ${userId}, ${addedBy} from ${conversations} c where c.case_id = ${caseId}
    on conflict do nothing`);
}

/**
 * Makes `userIds` exactly the staff named on a conversation; returns who was added and removed.
 */
export async function replaceMembers(
  tx: Executor,
  conversationId: string,
  userIds: string[],
  addedBy: string,
): Promise<{ added: string[]; removed: string[] }> {
  const before = await tx
    .select({ userId: conversationMembers.userId })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationId, conversationId));
  const had = new Set(before.map((row) => row.userId));
  const wanted = new Set(userIds);
  const removed = [...had].filter((id) => !wanted.has(id));
  const added = userIds.filter((id) => !had.has(id));
  if (removed.length > 0) {
    await tx
      .delete(conversationMembers)
      .where(
        and(
          eq(conversationMembers.conversationId, conversationId),
          inArray(conversationMembers.userId, removed),
        ),
      );
  }
  await addMembers(tx, conversationId, added, addedBy);
  return { added, removed };
}

export async function membersOf(
  db: Executor,
  conversationIds: string[],
): Promise<{ conversationId: string; id: string; name: string }[]> {
  if (conversationIds.length === 0) return [];
  return db
    .select({
      conversationId: conversationMembers.conversationId,
      id: users.id,
      name: fullName(users),
    })
    .from(conversationMembers)
    .innerJoin(users, eq(users.id, conversationMembers.userId))
    .where(inArray(conversationMembers.conversationId, conversationIds))
    .orderBy(asc(conversationMembers.addedAt), asc(users.id));
}

export async function touchConversation(tx: Executor, id: string, at: Date): Promise<void> {
  await tx
    .update(conversations)
    .set({
      lastMessageAt: sql`greatest(${conversations.lastMessageAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(conversations.id, id));
}

/** Moves `userId`'s read mark forward to `at` (never back). */
export async function markRead(
  tx: Executor,
  conversationId: string,
  userId: string,
  at: Date,
): Promise<Date> {
  const [row] = await tx
    .insert(conversationReads)
    .values({ conversationId, userId, lastReadAt: at })
    .onConflictDoUpdate({
      target: [conversationReads.conversationId, conversationReads.userId],
      set: {
        lastReadAt: sql`greatest(${conversationReads.lastReadAt}, excluded.last_read_at)`,
      },
    })
    .returning({ lastReadAt: conversationReads.lastReadAt });
  return row!.lastReadAt;
}

/** When the client, and anyone at the firm, last read the conversation. */
export async function readState(
  db: Executor,
  conversation: Pick<ConversationRow, 'id' | 'clientId'>,
): Promise<{ clientReadAt: Date | null; firmReadAt: Date | null }> {
  const [row] = await db
    .select({
      clientReadAt: sql<
        string | null
      >`max(${conversationReads.lastReadAt}) filter (where ${conversationReads.userId} = ${conversation.clientId})`,
      firmReadAt: sql<
        string | null
      >`max(${conversationReads.lastReadAt}) filter (where ${conversationReads.userId} <> ${conversation.clientId})`,
    })
    .from(conversationReads)
    .where(eq(conversationReads.conversationId, conversation.id));
  const toDate = (value: string | Date | null | undefined) =>
    value === null || value === undefined ? null : new Date(value);
  return { clientReadAt: toDate(row?.clientReadAt), firmReadAt: toDate(row?.firmReadAt) };
}

/** How many messages by others `viewerId` has not read, over every conversation in scope. */
export async function unreadMessagesInScope(
  db: Executor,
  scope: ConversationScope,
  viewerId: string,
): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${unreadCount(viewerId)}), 0)`.mapWith(Number) })
    .from(conversations)
    .where(scopeCondition(scope));
  return row?.total ?? 0;
}

/**
 * Everyone who might reach a conversation, active: its client, its named staff, and every
 * advocate and admin (the service keeps only those its scope rules let in). `memberIds` says who
 * is named.
 */
export async function possibleAudience(
  db: Executor,
  conversationId: string,
  clientId: string,
): Promise<{ people: UserRow[]; memberIds: Set<string> }> {
  const [people, members] = await Promise.all([
    activeClientAndStaff(db, clientId),
    db
      .select({ userId: conversationMembers.userId })
      .from(conversationMembers)
      .where(eq(conversationMembers.conversationId, conversationId)),
  ]);
  return { people, memberIds: new Set(members.map((row) => row.userId)) };
}

/** A client's conversation ids, oldest first (the data export). */
export async function conversationIdsOfClient(db: Executor, clientId: string): Promise<string[]> {
  const rows = await db
    .select({ id: conversations.id })
    .from(conversations)
    .where(eq(conversations.clientId, clientId))
    .orderBy(asc(conversations.createdAt), asc(conversations.id));
  return rows.map((row) => row.id);
}
