import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';

/** What the client money services need (ADR 045). */
export interface ClientMoneyDeps {
  db: Db;
  now?: () => Date;
  /** The firm settings' default address, read with them for the PDFs' letterhead. */
  firmNotifyEmail: string;
  logger?: FastifyBaseLogger;
  /** MPESA_SHORTCODE when M-Pesa is set up: the paybill or till deposits are paid into. */
  mpesaShortcode?: string | null;
  /** The paybill or till Daraja pays (configuredMpesaNumber): the statement's "Pay Bill" line. */
  mpesa?: { kind: 'paybill' | 'till'; number: string } | null;
}

export const nowOf = (deps: Pick<ClientMoneyDeps, 'now'>) => (deps.now ? deps.now() : new Date());
