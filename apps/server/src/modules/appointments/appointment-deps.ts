import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { RequestMeta } from '../../lib/route-kit';
import type { Outbox } from '../deliveries/outbox';
import { readFirmSettings } from '../settings/firm-settings.service';

/** What every appointment operation is given by the routes (and the reminder job, in part). */
export interface AppointmentDeps {
  db: Db;
  /** Sends the emails an operation wrote to the outbox, once its transaction has committed. */
  outbox: Pick<Outbox, 'dispatch'>;
  logger: FastifyBaseLogger;
  firmNotifyEmail: string;
  publicUrl: string;
  mailFrom: string;
  /** "Now", replaceable in tests. */
  now?: () => Date;
}

/** Who is acting on an appointment: a signed-in person, or a visitor through their link. */
export interface AppointmentActor extends RequestMeta {
  id: string | null;
  /** Staff changes go to the audit log; a client's or a visitor's do not. */
  audit: boolean;
  user: UserRow | null;
}

export const nowOf = (deps: Pick<AppointmentDeps, 'now'>) => deps.now?.() ?? new Date();

/** The firm settings in force (fees, durations, start times, where the firm's mail goes). */
export const settingsOf = (deps: Pick<AppointmentDeps, 'db' | 'firmNotifyEmail' | 'logger'>) =>
  readFirmSettings({ db: deps.db, firmNotifyEmail: deps.firmNotifyEmail, logger: deps.logger });
