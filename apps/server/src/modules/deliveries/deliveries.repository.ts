import { toKenyanE164 } from '@firm/shared';
import { and, desc, eq, inArray, isNull, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { countAll, likePattern, offsetOf, rowsAndTotal } from '../../db/list-queries';
import {
  deliveries,
  type Delivery,
  type DeliveryAttachment,
  type DeliveryChannel,
  type DeliveryStatus,
} from '../../db/schema';

/** What a delivery is, for the Deliveries screen and the logs (the message itself says the rest). */
export const DELIVERY_KINDS = [
  'contact_to_firm',
  'contact_auto_reply',
  'password_reset',
  'two_factor_reset',
  'recovery_codes_renewed',
  'passkey_added',
  'account_access_taken_back',
  'sign_in_alert',
  'email_change_link',
  'email_change_notice',
  'invitation',
  'appointment_hold',
  'appointment_booked',
  'appointment_booked_by_firm',
  'appointment_confirmed',
  'appointment_rescheduled',
  'appointment_meeting_link',
  'appointment_cancelled',
  'appointment_reminder',
  'appointment_to_firm',
  'case_opened',
  'case_status_changed',
  'case_document_added',
  'court_date_set',
  'court_date_reminder',
  'message_unread',
  'payment_receipt',
  'fee_note_issued',
  'fee_note_cancelled',
  'test_sms',
  'backup_failed',
  'backup_overdue',
] as const;
export type DeliveryKind = (typeof DELIVERY_KINDS)[number];

export type NewDelivery =
  | {
      channel: 'email';
      kind: DeliveryKind;
      to: string;
      subject: string;
      text: string;
      replyTo?: string;
      attachments?: DeliveryAttachment[];
      /** The text holds a secret link: blanked once the message has gone or given up. */
      isConfidential?: boolean;
    }
  | { channel: 'sms'; kind: DeliveryKind; to: string; text: string; isConfidential?: boolean };

/**
 * Writes a message to the outbox in `tx`, the transaction of the event that causes it: the
 * message exists if and only if the event committed (ADR 028). Hand the returned id to
 * `app.outbox.dispatch` once the transaction has committed; a row whose job is lost (the process
 * stopped before dispatching) is picked up by the outbox's sweep.
 */
export async function queueDelivery(tx: Executor, delivery: NewDelivery): Promise<string> {
  let recipient = delivery.to;
  if (delivery.channel === 'sms') {
    const e164 = toKenyanE164(delivery.to);
    // Only Kenyan numbers are texted; callers check before they promise an SMS.
    if (!e164) throw new Error('An SMS goes to a Kenyan number only');
    recipient = e164;
  }
  const [row] = await tx
    .insert(deliveries)
    .values({
      channel: delivery.channel,
      kind: delivery.kind,
      recipient,
      subject: delivery.channel === 'email' ? delivery.subject : null,
      body: delivery.text,
      replyTo: delivery.channel === 'email' ? (delivery.replyTo ?? null) : null,
      attachments: delivery.channel === 'email' ? (delivery.attachments ?? null) : null,
      isConfidential: delivery.isConfidential ?? false,
    })
    .returning({ id: deliveries.id });
  return row!.id;
}

/** How long a worker holds a claimed delivery: longer than any transport may take (SMTP's own limits). */
const CLAIM_LEASE = sql`interval '15 minutes'`;

/**
 * Claims a due, queued delivery for one attempt: the conditional update lets exactly one worker
 * through, in any process. Null: sent already, failed, not due, or in another worker's hands.
 */
export async function claimDelivery(db: Executor, id: string): Promise<Delivery | null> {
  const [row] = await db
    .update(deliveries)
    .set({
      claimedUntil: sql`now() + ${CLAIM_LEASE}`,
      attempts: sql`${deliveries.attempts} + 1`,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(deliveries.id, id),
        eq(deliveries.status, 'queued'),
        lte(deliveries.nextAttemptAt, sql`now()`),
        or(isNull(deliveries.claimedUntil), lt(deliveries.claimedUntil, sql`now()`)),
      ),
    )
    .returning();
  return row ?? null;
}

/** The claim is still this attempt's (the same attempt number): a stale worker changes nothing. */
const ownsClaim = (claimed: Delivery) =>
  and(
    eq(deliveries.id, claimed.id),
    eq(deliveries.status, 'queued'),
    eq(deliveries.attempts, claimed.attempts),
  );

const blankedIfConfidential = sql`case when ${deliveries.isConfidential} then '' else ${deliveries.body} end`;

/** What the provider answered when it took the message. */
export interface Acceptance {
  /** The SMTP server's queue id, or Africa's Talking's message id; null when none was given. */
  providerMessageId: string | null;
  /** An SMTP server's 250 reply to the end of DATA, as it gave it; null for an SMS. */
  providerReply: string | null;
}

/**
 * Records that the provider accepted the message: one statement on one row, in a transaction
 * of its own, written the moment the acceptance arrives and before anything else is done about
 * it (ADR 028), so a process killed afterwards leaves a row that is never sent again. It also
 * ends the claim and blanks a secret link, which cost nothing more in the same row's update. An
 * SMTP reply goes into `providerStatus`, which an email's row has no other use for.
 */
export async function recordAccepted(
  db: Executor,
  claimed: Delivery,
  acceptance: Acceptance,
): Promise<void> {
  await db
    .update(deliveries)
    .set({
      status: 'sent',
      sentAt: sql`now()`,
      updatedAt: sql`now()`,
      claimedUntil: null,
      lastError: null,
      providerMessageId: acceptance.providerMessageId,
      ...(acceptance.providerReply === null ? {} : { providerStatus: acceptance.providerReply }),
      body: blankedIfConfidential,
    })
    .where(ownsClaim(claimed));
}

/** Marks a claimed delivery failed; false when the claim was no longer this worker's. */
export async function markFailed(
  db: Executor,
  claimed: Delivery,
  reason: string,
): Promise<boolean> {
  const rows = await db
    .update(deliveries)
    .set({
      status: 'failed',
      failedAt: sql`now()`,
      updatedAt: sql`now()`,
      claimedUntil: null,
      lastError: reason,
      body: blankedIfConfidential,
    })
    .where(ownsClaim(claimed))
    .returning({ id: deliveries.id });
  return rows.length > 0;
}

/** Releases the claim and sets the next attempt; returns when it is due. */
export async function scheduleRetry(
  db: Executor,
  claimed: Delivery,
  reason: string,
  nextAttemptAt: Date,
): Promise<void> {
  await db
    .update(deliveries)
    .set({ nextAttemptAt, updatedAt: sql`now()`, claimedUntil: null, lastError: reason })
    .where(ownsClaim(claimed));
}

/**
 * Queued deliveries whose job should have run a while ago and that nobody holds: their job was
 * lost (the process stopped between commit and dispatch, or the queue dropped it). Each is
 * pushed back to now as it is taken, so two sweeps never take the same row, and a row is swept
 * at most once per `overdue`.
 */
export async function takeOverdueDeliveries(db: Executor, limit = 500): Promise<string[]> {
  const result = await db.execute(sql`
    update ${deliveries} set next_attempt_at = now(), updated_at = now()
    where id in (
      select id from ${deliveries}
      where status = 'queued'
        and next_attempt_at < now() - interval '2 minutes'
        and (claimed_until is null or claimed_until < now())
      order by next_attempt_at
      limit ${limit}
      for update skip locked
    )
    returning id`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((row) => row.id);
}

/** Deliveries due now (never tried, or their wait is over), or in a worker's hands (tests wait for none). */
export async function countUnsettled(db: Executor): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(deliveries)
    .where(
      and(
        eq(deliveries.status, 'queued'),
        or(
          eq(deliveries.attempts, 0),
          lte(deliveries.nextAttemptAt, sql`now()`),
          sql`${deliveries.claimedUntil} > now()`,
        ),
      ),
    );
  return row?.count ?? 0;
}

/** Africa's Talking's final delivery-report statuses: later reports never undo them. */
const FINAL_REPORTS = ['Success', 'Failed', 'Rejected', 'AbsentSubscriber', 'Expired'];
const FAILED_REPORTS = ['Failed', 'Rejected', 'AbsentSubscriber', 'Expired'];

/** Whether Africa's Talking's report `status` says the SMS failed for good. */
export const isFailedReport = (status: string) => FAILED_REPORTS.includes(status);

/** The SMS a report is about, locked for the report's transaction (null: none of ours). */
export async function lockSmsByProviderId(db: Executor, providerMessageId: string) {
  const [row] = await db
    .select({
      id: deliveries.id,
      kind: deliveries.kind,
      recipient: deliveries.recipient,
      status: deliveries.status,
      providerStatus: deliveries.providerStatus,
    })
    .from(deliveries)
    .where(and(eq(deliveries.providerMessageId, providerMessageId), eq(deliveries.channel, 'sms')))
    .for('update');
  return row ?? null;
}

/**
 * What a report did: `applied`; `repeated` (the report the row already holds: Africa's Talking
 * retries until it hears a 200); `contradicts` (a different report after a final one, forged or
 * confused: the first final report stands, so a delivered SMS is never turned failed and sent
 * again, nor a first failure's reason overwritten); `unknown` (no SMS of ours).
 */
export type SmsReportOutcome =
  | { outcome: 'applied'; failed: boolean; sms: NonNullable<LockedSms> }
  | { outcome: 'repeated' | 'contradicts'; sms: NonNullable<LockedSms> }
  | { outcome: 'unknown' };
type LockedSms = Awaited<ReturnType<typeof lockSmsByProviderId>>;

/**
 * Records a delivery report of Africa's Talking on the SMS it sent as `providerMessageId`, inside
 * the caller's transaction (the row stays locked until it ends). A failed report marks the row
 * failed with the network's reason.
 */
export async function applySmsReport(
  db: Executor,
  report: { providerMessageId: string; status: string; failureReason: string | undefined },
): Promise<SmsReportOutcome> {
  const sms = await lockSmsByProviderId(db, report.providerMessageId);
  if (!sms) return { outcome: 'unknown' };
  if (sms.providerStatus === report.status) return { outcome: 'repeated', sms };
  if (sms.providerStatus !== null && FINAL_REPORTS.includes(sms.providerStatus)) {
    return { outcome: 'contradicts', sms };
  }
  const failed = isFailedReport(report.status);
  await db
    .update(deliveries)
    .set({
      providerStatus: report.status,
      updatedAt: sql`now()`,
      ...(failed
        ? {
            status: 'failed' as const,
            failedAt: sql`coalesce(${deliveries.failedAt}, now())`,
            lastError: report.failureReason ?? report.status,
          }
        : {}),
    })
    .where(eq(deliveries.id, sms.id));
  return { outcome: 'applied', failed, sms };
}

export async function findDeliveries(db: Executor, ids: string[]): Promise<Delivery[]> {
  if (ids.length === 0) return [];
  return db.select().from(deliveries).where(inArray(deliveries.id, ids));
}

// ---------------------------------------------------------------------------------------------
// The Deliveries screen (System Settings): what went, and sending a failed message again

export interface DeliveryListFilters {
  status?: DeliveryStatus | undefined;
  channel?: DeliveryChannel | undefined;
  /** A kind's code holds `text`, or the kind is one of `kinds` (those whose label holds it). */
  kind?: { text: string; kinds: readonly string[] } | undefined;
  page: number;
  limit: number;
}

/** What the screen shows of a delivery: never its body, reply-to address or attachments. */
const listedColumns = {
  id: deliveries.id,
  channel: deliveries.channel,
  kind: deliveries.kind,
  recipient: deliveries.recipient,
  subject: deliveries.subject,
  status: deliveries.status,
  attempts: deliveries.attempts,
  lastError: deliveries.lastError,
  providerStatus: deliveries.providerStatus,
  isConfidential: deliveries.isConfidential,
  nextAttemptAt: deliveries.nextAttemptAt,
  createdAt: deliveries.createdAt,
  sentAt: deliveries.sentAt,
  failedAt: deliveries.failedAt,
  retriedAt: deliveries.retriedAt,
};
export type ListedDelivery = Pick<Delivery, keyof typeof listedColumns>;

function listWhere(filters: DeliveryListFilters): SQL | undefined {
  const { kind } = filters;
  return and(
    filters.status ? eq(deliveries.status, filters.status) : undefined,
    filters.channel ? eq(deliveries.channel, filters.channel) : undefined,
    kind
      ? or(
          sql`lower(${deliveries.kind}) like ${likePattern(kind.text.toLowerCase())}`,
          kind.kinds.length > 0 ? inArray(deliveries.kind, [...kind.kinds]) : undefined,
        )
      : undefined,
  );
}

/** One page of deliveries, newest first, and how many match in all. */
export async function listDeliveries(db: Executor, filters: DeliveryListFilters) {
  const where = listWhere(filters);
  return rowsAndTotal<ListedDelivery>(
    db
      .select(listedColumns)
      .from(deliveries)
      .where(where)
      .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
      .limit(filters.limit)
      .offset(offsetOf(filters)),
    db.select({ total: countAll() }).from(deliveries).where(where),
  );
}

/** The delivery, locked until `tx` ends: a retry and the worker do not cross. */
export async function findDeliveryForUpdate(
  tx: Executor,
  id: string,
): Promise<Delivery | undefined> {
  const [row] = await tx.select().from(deliveries).where(eq(deliveries.id, id)).for('update');
  return row;
}

/**
 * Puts a failed delivery back in the queue, due now, with 24 hours of retries counted from now
 * (`retriedAt`). The provider's message id and report of the failed attempt go: a report for the
 * new attempt must not be refused as coming after a final one. The last reason stays until the
 * message goes. Null when the row is not a failed, non-confidential one.
 */
export async function requeueFailedDelivery(tx: Executor, id: string): Promise<Delivery | null> {
  const [row] = await tx
    .update(deliveries)
    .set({
      status: 'queued',
      nextAttemptAt: sql`now()`,
      retriedAt: sql`now()`,
      updatedAt: sql`now()`,
      failedAt: null,
      claimedUntil: null,
      providerMessageId: null,
      providerStatus: null,
    })
    .where(
      and(
        eq(deliveries.id, id),
        eq(deliveries.status, 'failed'),
        eq(deliveries.isConfidential, false),
      ),
    )
    .returning();
  return row ?? null;
}

/** How many deliveries wait to go (queued) and how many gave up (failed), for GET /metrics. */
export async function countQueuedAndFailed(
  db: Executor,
): Promise<{ queued: number; failed: number }> {
  const rows = await db
    .select({ status: deliveries.status, count: sql<number>`count(*)::int` })
    .from(deliveries)
    .where(inArray(deliveries.status, ['queued', 'failed']))
    .groupBy(deliveries.status);
  const count = (status: DeliveryStatus) => rows.find((row) => row.status === status)?.count ?? 0;
  return { queued: count('queued'), failed: count('failed') };
}
