import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { EtimsBranch } from '../etims/transmissions.service';

/** What the billing services need (ADR 035). */
export interface BillingDeps {
  db: Db;
  /** FIRM_NOTIFY_EMAIL: the firm settings' default notification address (letterhead email). */
  firmNotifyEmail: string;
  /** MPESA_SHORTCODE, when paying from the portal is set up: the number the PDFs show. */
  mpesa?: { kind: 'paybill' | 'till'; number: string } | null;
  logger?: FastifyBaseLogger;
  /**
   * KRA eTIMS (ADR 049): the branch an issued fee note or credit note is sent from (null: not set
   * up), and what to do after the commit that wrote its transmission.
   */
  etims?: { branch: EtimsBranch | null; afterCommit: () => void } | null;
  now?: () => Date;
}

export const nowOf = (deps: Pick<BillingDeps, 'now'>) => (deps.now ? deps.now() : new Date());
