import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { DomainEventPublisher } from '../../lib/domain-events';
import type { EtimsSettings, OscuClient } from '../../lib/etims-oscu';
import type { SecretBox } from '../../lib/secret-box';

/** What eTIMS' services need (ADR 049); `settings` and `oscu` are null when it is not set up. */
export interface EtimsDeps {
  db: Db;
  settings: EtimsSettings | null;
  oscu: OscuClient | null;
  /** Seals KRA's communication key at rest, as authenticator keys are (ADR 037). */
  box: SecretBox;
  firmNotifyEmail: string;
  /** Tells billing that a fee note's client email is due (ADR 049). */
  events: DomainEventPublisher;
  logger: FastifyBaseLogger;
  now?: () => Date;
}

export const nowOf = (deps: Pick<EtimsDeps, 'now'>) => (deps.now ? deps.now() : new Date());
