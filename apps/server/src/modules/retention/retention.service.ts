import {
  DELIVERY_RETENTION_MONTHS,
  ENDED_SESSION_RETENTION_HOURS,
  ENQUIRY_RETENTION_MONTHS,
  MAIL_FILE_RETENTION_MONTHS,
  NOTIFICATION_RETENTION_MONTHS,
  SIGN_IN_DEVICE_RETENTION_MONTHS,
} from '@firm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { deleteMailFilesWrittenBefore } from '../../lib/mailer';
import { writeAudit } from '../audit/audit-log.repository';
import {
  deleteContactMessagesCreatedBefore,
  deleteDeliveriesCreatedBefore,
  deleteNotificationsCreatedBefore,
  deleteVisitorBookingsEndedBefore,
  deleteResetTokensEndedBefore,
  deleteChallengesEndedBefore,
  deleteDevicesUnseenSince,
  deleteSecureAccountTokensEndedBefore,
  deleteSessionsEndedBefore,
  lockRetentionPurge,
} from './retention.repository';

/** How often the server purges (plugins/retention-schedule.ts). */
export const RETENTION_PURGE_INTERVAL_HOURS = 24;

const HOUR_MS = 60 * 60 * 1000;

export interface RetentionDeps {
  db: Db;
  /** DATA_DIR/mail, where the mailer writes `.eml` files without SMTP_URL. */
  mailDir: string;
  /** DATA_DIR/sms, where texts are written as `.txt` files without Africa's Talking. */
  smsDir: string;
  logger: FastifyBaseLogger;
}

/** How many of each were deleted. */
export interface PurgeResult {
  contactMessages: number;
  visitorBookings: number;
  notifications: number;
  sessions: number;
  passwordResetTokens: number;
  /** Two-factor sign-in's challenges (ADR 037). */
  signInChallenges: number;
  /** Sign-in alerts' "secure your account" links, spent or expired (ADR 037). */
  secureAccountTokens: number;
  /** Devices not signed in from for SIGN_IN_DEVICE_RETENTION_MONTHS (each account keeps its latest). */
  signInDevices: number;
  mailFiles: number;
  /** The outbox's record of sent and failed emails and texts (ADR 028). */
  deliveries: number;
  smsFiles: number;
}

/**
 * `months` calendar months before `date`, counted in UTC. A day the earlier month lacks becomes its
 * last day (29 February less 12 months is 28 February), as PostgreSQL's interval arithmetic does.
 */
export function monthsBefore(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() - months);
  const lastDay = new Date(
    Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0),
  ).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * The newest creation time deleted at `now` under a promise of deletion "within `months` months".
 * The purge runs once a day, so it also takes what will turn `months` old before the next run:
 * otherwise a record could outlive the privacy policy's promise by up to a day.
 */
export function retentionCutoff(now: Date, months: number): Date {
  return new Date(monthsBefore(now, months).getTime() + RETENTION_PURGE_INTERVAL_HOURS * HOUR_MS);
}

/**
 * Deletes what the privacy policy ("How long we keep it") says we no longer keep, as of `now`:
 * contact messages, visitors' booking requests, notifications, the outbox's record of what was
 * sent, and `.eml` mail and `.txt` text files past their retention, and sessions and reset links that
 * ended more than ENDED_SESSION_RETENTION_HOURS ago (dead data that still holds IP addresses and
 * user agents), with sign-in alerts' links, and devices not signed in from for
 * SIGN_IN_DEVICE_RETENTION_MONTHS but each account's latest. The rows go in one transaction with one audit row, written only when something was
 * deleted: the log then shows the policy being applied without a row for every quiet day.
 */
export async function purgeExpiredData(deps: RetentionDeps, now: Date): Promise<PurgeResult> {
  const enquiriesCreatedBefore = retentionCutoff(now, ENQUIRY_RETENTION_MONTHS);
  const mailWrittenBefore = retentionCutoff(now, MAIL_FILE_RETENTION_MONTHS);
  const notificationsCreatedBefore = retentionCutoff(now, NOTIFICATION_RETENTION_MONTHS);
  const deliveriesCreatedBefore = retentionCutoff(now, DELIVERY_RETENTION_MONTHS);
  const endedBefore = new Date(now.getTime() - ENDED_SESSION_RETENTION_HOURS * HOUR_MS);
  const devicesSeenBefore = retentionCutoff(now, SIGN_IN_DEVICE_RETENTION_MONTHS);

  // A file system has no transactions: the files go first, and their count joins the audit row.
  const mailFiles = await purgeFiles(deps, deps.mailDir, '.eml', mailWrittenBefore);
  const smsFiles = await purgeFiles(deps, deps.smsDir, '.txt', deliveriesCreatedBefore);

  return deps.db.transaction(async (tx) => {
    await lockRetentionPurge(tx);
    const result: PurgeResult = {
      contactMessages: await deleteContactMessagesCreatedBefore(tx, enquiriesCreatedBefore),
      visitorBookings: await deleteVisitorBookingsEndedBefore(tx, enquiriesCreatedBefore),
      notifications: await deleteNotificationsCreatedBefore(tx, notificationsCreatedBefore),
      sessions: await deleteSessionsEndedBefore(tx, endedBefore),
      passwordResetTokens: await deleteResetTokensEndedBefore(tx, endedBefore),
      signInChallenges: await deleteChallengesEndedBefore(tx, endedBefore),
      secureAccountTokens: await deleteSecureAccountTokensEndedBefore(tx, endedBefore),
      signInDevices: await deleteDevicesUnseenSince(tx, devicesSeenBefore),
      mailFiles,
      deliveries: await deleteDeliveriesCreatedBefore(tx, deliveriesCreatedBefore),
      smsFiles,
    };
    if (Object.values(result).some((count) => count > 0)) {
      await writeAudit(tx, {
        actorId: null,
        action: 'retention.purged',
        details: {
          deleted: result,
          contactMessagesCreatedBefore: enquiriesCreatedBefore.toISOString(),
          visitorBookingsEndedBefore: enquiriesCreatedBefore.toISOString(),
          notificationsCreatedBefore: notificationsCreatedBefore.toISOString(),
          mailFilesWrittenBefore: mailWrittenBefore.toISOString(),
          deliveriesCreatedBefore: deliveriesCreatedBefore.toISOString(),
          sessionsEndedBefore: endedBefore.toISOString(),
          signInDevicesSeenBefore: devicesSeenBefore.toISOString(),
        },
      });
    }
    return result;
  });
}

/** Files are purged on a best-effort basis: a failure is logged and the database purge goes on. */
async function purgeFiles(
  deps: RetentionDeps,
  dir: string,
  extension: string,
  writtenBefore: Date,
): Promise<number> {
  try {
    const { deleted, failed } = await deleteMailFilesWrittenBefore(dir, writtenBefore, extension);
    if (failed.length > 0) deps.logger.warn({ dir, files: failed }, 'old files not deleted');
    return deleted;
  } catch (error) {
    deps.logger.error({ err: error, dir }, 'directory not purged');
    return 0;
  }
}
