import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { BackgroundTasks } from '../../lib/background-tasks';
import type { Mailer } from '../../lib/mailer';
import type { RequestMeta } from '../../lib/route-kit';
import { readFirmSettings } from '../settings/firm-settings.service';

/** What every appointment operation is given by the routes (and the reminder job, in part). */
export interface AppointmentDeps {
  db: Db;
  mailer: Mailer;
  backgroundTasks: BackgroundTasks;
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
