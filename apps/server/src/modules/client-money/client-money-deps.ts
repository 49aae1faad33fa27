import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';

/** What the client money services need (ADR 045). */
export interface ClientMoneyDeps {
  db: Db;
  now?: () => Date;
  /** The firm settings' default address, read with them for the PDFs' letterhead. */
  firmNotifyEmail: string;
  logger?: FastifyBaseLogger;
}

export const nowOf = (deps: Pick<ClientMoneyDeps, 'now'>) => (deps.now ? deps.now() : new Date());
