import type { MpesaPaymentValues } from '@firm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { DarajaClient, StkCallback } from '../../lib/daraja';

/**
 * The M-Pesa push flow's parts that fee notes and client-money deposits share (ADR 034, ADR 045):
 * when a push with no final answer is asked about again and when it is given up, and what the one
 * M-Pesa endpoint and callback hand a deposit. Client money reads this file (named in
 * eslint.config.js); billing never imports client money: app composition hands it the desk.
 */

/** Whether an M-Pesa code is already on a payment or a deposit (one code pays one thing). */
export { mpesaReceiptTaken } from './payments.repository';

/** When a pending push is asked about again: 2 minutes after it, then further apart. */
export const QUERY_DELAYS_MS = [2, 3, 5, 10, 20, 60].map((minutes) => minutes * 60_000);
/** After this, a push nobody answered is given up as failed (the phone never saw it). */
const GIVE_UP_AFTER_MS = 24 * 60 * 60_000;
/** Queries Daraja refused (400 "Invalid CheckoutRequestID") before a push is given up. */
const GIVE_UP_AFTER_REFUSALS = 5;

export const nextQueryAt = (from: Date, attempts: number) =>
  new Date(from.getTime() + QUERY_DELAYS_MS[Math.min(attempts, QUERY_DELAYS_MS.length - 1)]!);

/** Whether a push still without a final answer is given up now (failed: the phone never paid). */
export const givingUpOn = (push: { createdAt: Date }, refusals: number, now: Date) =>
  now.getTime() - push.createdAt.getTime() > GIVE_UP_AFTER_MS || refusals >= GIVE_UP_AFTER_REFUSALS;

/** What the one M-Pesa endpoint has in hand for whoever settles a push. */
export interface PushDeps {
  db: Db;
  daraja: DarajaClient;
  /** Where Safaricom posts its callback (PUBLIC_URL and the secret path). */
  callbackUrl: string;
  /** MPESA_SHORTCODE: the paybill or till the pushes pay. */
  shortcode: string;
  logger?: FastifyBaseLogger;
  outbox?: { dispatch(ids: string | string[]): Promise<unknown> };
  now?: () => Date;
}

export interface StartedPush {
  id: string;
  checkoutRequestId: string;
}

export type PushOutcome = 'succeeded' | 'failed' | 'pending' | 'flagged' | 'unknown' | 'done';

/**
 * Deposits by M-Pesa (client money, ADR 045), as the M-Pesa routes see them: `POST
 * /payments/mpesa` with `purpose: "deposit"` starts one, a callback whose push is no fee note's
 * is offered to `settle`, and the scheduled query asks about the deposits' pending pushes too.
 */
export interface MpesaDepositDesk {
  start(deps: PushDeps, user: UserRow, input: MpesaPaymentValues): Promise<StartedPush>;
  settle(
    deps: PushDeps,
    checkoutRequestId: string,
    callback: StkCallback | null,
  ): Promise<PushOutcome>;
  queryDue(deps: PushDeps, now: Date): Promise<number>;
}
