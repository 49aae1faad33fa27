import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/client';
import type { Delivery } from '../../db/schema';
import type { DomainEventPublisher } from '../../lib/domain-events';
import type { JobQueue } from '../../lib/job-queue';
import type { Mailer } from '../../lib/mailer';
import { SmsRefused, type SmsSender } from '../../lib/sms';
import {
  claimDelivery,
  countUnsettled,
  markFailed,
  recordAccepted,
  scheduleRetry,
  takeOverdueDeliveries,
  type Acceptance,
} from './deliveries.repository';

export const DELIVERY_QUEUE = 'deliveries';
export const DELIVERY_SWEEP_QUEUE = 'deliveries-sweep';
/** Jobs a worker takes a fetch. */
const BATCH_SIZE = 10;

/** How long a message is retried before it is marked failed (ADR 028). */
export const RETRY_FOR_MS = 24 * 60 * 60 * 1000;
const FIRST_RETRY_MS = 60 * 1000;
const LONGEST_WAIT_MS = 60 * 60 * 1000;

/**
 * When to try again after `attempts` failed attempts: 1 minute, then doubling up to an hour, so
 * a short outage costs minutes and a long one about one attempt an hour; the last attempt falls
 * on the 24th hour, after which the message is marked failed.
 */
export function nextAttemptAfter(attempts: number, createdAt: Date, now: Date): Date {
  const wait = Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_WAIT_MS);
  const giveUpAt = createdAt.getTime() + RETRY_FOR_MS;
  return new Date(Math.min(now.getTime() + wait, giveUpAt));
}

export interface Transports {
  mailer: Mailer;
  sms: SmsSender;
}

/**
 * Stands for the portal's origin in a queued message (`${PORTAL_ORIGIN}/cases/…`): code that
 * queues mail inside a transaction (a case's notification) need not know PUBLIC_URL, and a
 * message queued before the firm moves its address links to the new one. The worker puts the
 * configured origin in as it sends.
 */
export const PORTAL_ORIGIN = '{{portal-origin}}';

interface Failure {
  reason: string;
  isPermanent: boolean;
}

/** What went wrong, in the provider's words; an SMTP 5xx answer or a final SMS refusal is permanent. */
function describeFailure(error: unknown): Failure {
  if (error instanceof SmsRefused) return { reason: error.reason, isPermanent: error.isPermanent };
  const smtp = error as { responseCode?: number; response?: string; message?: string };
  const reason = (smtp.response ?? smtp.message ?? String(error)).slice(0, 500);
  return {
    reason,
    isPermanent: typeof smtp.responseCode === 'number' && smtp.responseCode >= 500,
  };
}

async function send(
  delivery: Delivery,
  transports: Transports,
  publicUrl: string,
): Promise<Acceptance> {
  const text = delivery.body.replaceAll(PORTAL_ORIGIN, publicUrl);
  if (delivery.channel === 'sms') {
    const { messageId } = await transports.sms.send({ to: delivery.recipient, text });
    return { providerMessageId: messageId, providerReply: null };
  }
  const result = await transports.mailer.send({
    to: delivery.recipient,
    subject: delivery.subject ?? '',
    text,
    ...(delivery.replyTo ? { replyTo: delivery.replyTo } : {}),
    ...(delivery.attachments ? { attachments: delivery.attachments } : {}),
    // One Message-ID per row, whatever the attempt: a copy that arrives twice is one message.
    messageKey: delivery.id,
  });
  return {
    providerMessageId: result?.queueId ?? null,
    providerReply: result?.reply?.slice(0, 500) ?? null,
  };
}

/** Waits before each further try at recording an acceptance: about 6 s in all. */
const RECORD_RETRY_MS = [100, 300, 600, 1000, 1500, 2500];

/**
 * Records an acceptance, trying again for a few seconds if the database fails (it restarted, a
 * connection dropped): the provider has the message, and only its record keeps it from being
 * sent again once the claim's lease runs out.
 */
async function recordAcceptedDurably(
  db: Db,
  claimed: Delivery,
  acceptance: Acceptance,
  log: FastifyBaseLogger,
): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      await recordAccepted(db, claimed, acceptance);
      return;
    } catch (error) {
      const wait = RECORD_RETRY_MS[attempt];
      if (wait === undefined) {
        log.error(
          { err: error, providerMessageId: acceptance.providerMessageId },
          'accepted by the provider but not recorded: it may be sent again once its claim ends',
        );
        throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
}

/**
 * One attempt at one delivery: claim it (or leave it to whoever has it), hand it to its
 * transport, then record what happened. A failure schedules the next attempt as a job of its own
 * (`startAfter`), or marks the row failed once 24 hours have passed or the refusal is final.
 */
export async function attemptDelivery(
  deps: {
    db: Db;
    /** Where an acceptance is recorded: a connection the rest of the app's work does not queue on. */
    recordDb: Db;
    queue: JobQueue;
    transports: Transports;
    publicUrl: string;
    logger: FastifyBaseLogger;
    /** A delivery that failed for good is announced to whoever must reach the person. */
    events: DomainEventPublisher;
  },
  id: string,
): Promise<void> {
  const claimed = await claimDelivery(deps.db, id);
  if (!claimed) return;
  const log = deps.logger.child({ deliveryId: id, kind: claimed.kind, channel: claimed.channel });
  let acceptance: Acceptance;
  try {
    acceptance = await send(claimed, deps.transports, deps.publicUrl);
  } catch (error) {
    const failure = describeFailure(error);
    const now = new Date();
    // The 24 hours count from the message's writing, or from an advocate's retry of it (System
    // Settings → Deliveries): a message retried by hand gets a whole window of its own.
    const retryingSince = claimed.retriedAt ?? claimed.createdAt;
    const isTooLate = now.getTime() - retryingSince.getTime() >= RETRY_FOR_MS;
    if (failure.isPermanent || isTooLate) {
      // Whoever must reach the person another way hears of it with the failure (domain event).
      await deps.db.transaction(async (tx) => {
        if (!(await markFailed(tx, claimed, failure.reason))) return;
        await deps.events.publish(tx, 'deliveryFailed', {
          id: claimed.id,
          channel: claimed.channel,
          kind: claimed.kind,
          recipient: claimed.recipient,
          reason: failure.reason,
        });
      });
      log.error({ reason: failure.reason, attempts: claimed.attempts }, 'delivery failed');
      return;
    }
    const next = nextAttemptAfter(claimed.attempts, retryingSince, now);
    await scheduleRetry(deps.db, claimed, failure.reason, next);
    await deps.queue.send(DELIVERY_QUEUE, { deliveryIds: [id] }, { startAfter: next });
    log.warn(
      { reason: failure.reason, attempts: claimed.attempts, next },
      'delivery will be retried',
    );
    return;
  }
  // The acceptance first, in its own write, before any other work for this delivery, the next
  // row of its job or the job's completion: the shorter the time between the provider's "yes"
  // and its record, the fewer messages a process killed in between sends twice.
  await recordAcceptedDurably(deps.recordDb, claimed, acceptance, log);
  // Never the subject or the address: a subject may hold what a visitor typed (ADR 023).
  log.info(
    { attempts: claimed.attempts, providerMessageId: acceptance.providerMessageId },
    'delivered',
  );
}

export interface Outbox {
  /** Sends the jobs of deliveries whose transaction has committed; never throws (the sweep covers a loss). */
  dispatch(ids: string | string[]): Promise<void>;
  /** Resolves once every delivery has had an attempt and none is in hand (tests, shutdown). */
  settle(timeoutMs?: number): Promise<void>;
  /** Enqueues deliveries whose job was lost; the queue's schedule runs it every minute. */
  sweep(): Promise<number>;
}

export interface OutboxOptions {
  transports: Transports;
  /** PUBLIC_URL: what `PORTAL_ORIGIN` in a queued message becomes. */
  publicUrl: string;
  /** Seconds between a worker's polls when idle (a dispatch in this process wakes it at once). */
  pollingIntervalSeconds?: number;
}

/**
 * The outbox's workers on the job queue (ADR 028): `deliveries` jobs carry the ids of the rows one event wrote (or one row to retry);
 * `deliveries-sweep` runs every minute, once across processes (pg-boss's cron), and at start-up.
 */
export const outboxPlugin = fp(
  async (app: FastifyInstance, options: OutboxOptions) => {
    const queue = app.jobQueue;
    const logger = app.log.child({ component: 'outbox' });
    const deps = {
      db: app.db,
      recordDb: app.database.recordDb,
      queue,
      transports: options.transports,
      publicUrl: options.publicUrl,
      logger,
      events: app.domainEvents,
    };
    // Jobs are retried by the queue only when a handler itself throws (the database went away):
    // the claim makes a second run harmless, and failures of a transport are scheduled above.
    await queue.createQueue(DELIVERY_QUEUE, {
      retryLimit: 5,
      retryDelay: 30,
      retryBackoff: true,
      expireInSeconds: 20 * 60,
    });
    await queue.createQueue(DELIVERY_SWEEP_QUEUE, { policy: 'singleton' });

    const dispatch = async (ids: string | string[]) => {
      const list = Array.isArray(ids) ? ids : [ids];
      if (list.length === 0) return;
      try {
        // One job for the rows an event wrote, tried in the order they were written: a link
        // goes before the notice written after it.
        await queue.send(DELIVERY_QUEUE, { deliveryIds: list });
        for (const worker of workers) queue.notifyWorker(worker);
      } catch (error) {
        logger.error({ err: error, ids: list }, 'could not enqueue deliveries; the sweep will');
      }
    };
    const sweep = async () => {
      const ids = await takeOverdueDeliveries(app.db);
      if (ids.length > 0) {
        logger.warn({ count: ids.length }, 'enqueuing deliveries whose job was lost');
        await dispatch(ids);
      }
      return ids.length;
    };

    const workers: string[] = [];
    // A dispatch in this process wakes its worker at once; the poll only finds what another
    // process queued or a retry that came due. Polled less, an idle app (and each test's app on
    // the embedded database, which shares the test's thread) does little work in the background.
    const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 10;
    // One worker per process taking up to 10 jobs a fetch; more processes, more workers.
    workers.push(
      await queue.work<{ deliveryIds: string[] }>(
        DELIVERY_QUEUE,
        { batchSize: BATCH_SIZE, pollingIntervalSeconds },
        async (jobs) => {
          // The jobs of a batch side by side (the SMTP server or Africa's Talking answers one
          // while the next is under way); each job's rows in the order they were written.
          await Promise.all(
            jobs.map(async (job) => {
              for (const id of job.data.deliveryIds) await attemptDelivery(deps, id);
            }),
          );
          // A full batch means more may be waiting (a burst: a thousand notices at once): fetch
          // again at once. pg-boss otherwise waits out its polling interval after every batch,
          // which held a burst to 10 messages per 10 s.
          if (jobs.length === BATCH_SIZE) for (const worker of workers) queue.notifyWorker(worker);
        },
      ),
    );
    await queue.work(DELIVERY_SWEEP_QUEUE, { pollingIntervalSeconds: 30 }, async () => {
      await sweep();
    });
    await queue.schedule(DELIVERY_SWEEP_QUEUE, '* * * * *');

    const outbox: Outbox = {
      dispatch,
      sweep,
      async settle(timeoutMs = 15_000) {
        const deadline = Date.now() + timeoutMs;
        while ((await countUnsettled(app.db)) > 0) {
          if (Date.now() > deadline) throw new Error('Deliveries still unsettled');
          for (const worker of workers) queue.notifyWorker(worker);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      },
    };
    app.decorate('outbox', outbox);
    // Whatever was left queued by a process that stopped is picked up as soon as this one is up.
    app.addHook('onReady', async () => {
      await sweep().catch((error: unknown) => logger.error({ err: error }, 'outbox sweep failed'));
    });
  },
  { name: 'outbox', dependencies: ['job-queue'] },
);
