import type { Db } from '../../db/client';

/** What the client money services need (ADR 045). */
export interface ClientMoneyDeps {
  db: Db;
  now?: () => Date;
}

export const nowOf = (deps: Pick<ClientMoneyDeps, 'now'>) => (deps.now ? deps.now() : new Date());
