import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { DarajaClient } from '../../lib/daraja';

/** What the paybill services need (ADR 047). */
export interface PaybillDeps {
  db: Db;
  /** Daraja, when M-Pesa is set up; null: payments are recorded but cannot be confirmed. */
  daraja: DarajaClient | null;
  /** Whether Transaction Status may be asked (MPESA_INITIATOR_NAME and its credential set). */
  canAskStatus: boolean;
  /** MPESA_SHORTCODE: the paybill the payments must have been made to. */
  shortcode: string | null;
  publicUrl: string;
  callbackSecret: string | null;
  /** MPESA_PULL_NOMINATED_NUMBER: the daily sweep registers Pull Transactions with it (ADR 054). */
  pullNominatedNumber?: string | null;
  /** FIRM_NOTIFY_EMAIL, for the firm settings' defaults (the validation mode). */
  firmNotifyEmail: string;
  logger?: FastifyBaseLogger;
  now?: () => Date;
}

export const nowOf = (deps: Pick<PaybillDeps, 'now'>) => (deps.now ? deps.now() : new Date());

/** Where Daraja posts a Transaction Status Result, and its queue timeout. */
export const statusResultPath = (secret: string) => `/api/payments/c2b/status-result/${secret}`;
export const statusTimeoutPath = (secret: string) => `/api/payments/c2b/status-timeout/${secret}`;
