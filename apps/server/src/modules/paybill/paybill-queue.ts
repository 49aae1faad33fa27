import type { FastifyInstance } from 'fastify';
import { nairobiDateTime } from '@firm/shared';
import { runOnSchedule } from '../../lib/scheduled-job';
import type { PaybillDeps } from './paybill-deps';
import { duePaybillPayments, findPaybillPayment } from './paybill.repository';
import { settlePaybillPayment } from './settlement.service';
import { askPaybillStatus } from './status-checks.service';
import { runPaybillSweep, type SweepDeps } from './sweep.service';

/** The queue whose jobs move one paybill payment to its next state (ADR 047). */
export const PAYBILL_QUEUE = 'paybill-payments';
const SWEEP = 'paybill-payments-sweep';

/** The next step of one payment: a question to Transaction Status, or its settlement. */
export async function advancePaybillPayment(deps: PaybillDeps, id: string): Promise<void> {
  const row = await findPaybillPayment(deps.db, id);
  if (row?.status === 'received') await askPaybillStatus(deps, id);
  else if (row?.status === 'confirmed') await settlePaybillPayment(deps, id);
}

export interface PaybillQueue {
  /** After a commit: the payment's next step, in whichever process is free. Never throws. */
  advance(id: string): Promise<void>;
}

/**
 * The paybill payments' work on the durable job queue (ADR 042). A row's state is the durable
 * request (a `received` row's `next_check_at`, a `confirmed` row), written in the transaction that
 * makes it; the job sent after the commit does it at once, and the sweep, once a minute across
 * processes, does what a lost job left. Each step locks the row and checks its state first, so a
 * step done twice (a job and the sweep, two processes) changes nothing the second time.
 */
export async function startPaybillQueue(
  app: FastifyInstance,
  deps: PaybillDeps,
): Promise<PaybillQueue> {
  const queue = app.jobQueue;
  const log = app.log.child({ component: 'paybill' });
  await queue.createQueue(PAYBILL_QUEUE, {
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
  });
  const worker = await queue.work<{ id: string }>(
    PAYBILL_QUEUE,
    { batchSize: 5, pollingIntervalSeconds: 10 },
    async (jobs) => {
      for (const job of jobs) await advancePaybillPayment(deps, job.data.id);
    },
  );
  const advance = async (id: string) => {
    try {
      await queue.send(PAYBILL_QUEUE, { id });
      queue.notifyWorker(worker);
    } catch (error) {
      log.error({ err: error, paybillPaymentId: id }, 'could not enqueue; the sweep will');
    }
  };
  await runOnSchedule(app, {
    name: SWEEP,
    cron: '* * * * *',
    firstRunDelayMs: 30_000,
    run: async (now) => {
      try {
        const due = await duePaybillPayments(deps.db, now, 100, deps.canAskStatus);
        for (const id of due) await advance(id);
      } catch (error) {
        log.error({ err: error }, 'paybill sweep failed');
      }
    },
  });
  return { advance };
}

/** The daily sweep's queue (ADR 054). */
export const DAILY_SWEEP = 'paybill-daily-sweep';
/** Nairobi hours it is tried at: 06:30, and each hour after until noon if a run failed. */
const DAILY_SWEEP_CRON = '30 6-11 * * *';
const FIRST_SWEEP_HOUR = 6;

/**
 * The daily sweep on the job queue's schedule (pg-boss cron, one job per tick across processes);
 * the day's row (sweep.repository.ts) makes it run once a day even when a restart asks too. A
 * process that starts after the morning's run failed or never happened runs it then, but never
 * before the morning (the night's payments are still arriving).
 */
export async function scheduleDailySweep(app: FastifyInstance, deps: SweepDeps): Promise<void> {
  if (!deps.daraja) return;
  const log = app.log.child({ component: 'paybill-sweep' });
  await runOnSchedule(app, {
    name: DAILY_SWEEP,
    cron: DAILY_SWEEP_CRON,
    tz: 'Africa/Nairobi',
    firstRunDelayMs: 120_000,
    run: async (now) => {
      if (Number(nairobiDateTime(now).time.slice(0, 2)) < FIRST_SWEEP_HOUR) return;
      try {
        await runPaybillSweep({ ...deps, now: () => now });
      } catch (error) {
        log.error({ err: error }, 'paybill daily sweep failed; the next hour tries again');
      }
    },
  });
}
