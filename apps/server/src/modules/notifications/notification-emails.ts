import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import { invitationLines, issueInvitation } from '../auth/invitations';
import { claimPendingEmails, markEmailSent, releaseEmailClaim } from './notifications.repository';

/**
 * The emails that go with a client's case notifications: an outbox. `notify` marks the
 * row as owing an email in the event's transaction; after the commit, whichever server process
 * claims it first sends it (the claim is one statement, so never twice), and a failed send gives
 * the claim back for the next pass. Appointment emails are sent by appointment-mail.ts.
 */

const FIRM_NAME = 'Mwamba & Associates Advocates';
const BATCH = 20;
/** A claim this old belongs to a process that died mid-send: take it again. */
const STALE_CLAIM_MS = 10 * 60 * 1000;

export interface NotificationEmailDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  logger: FastifyBaseLogger;
}

/** Sends every email owed now; returns how many went. */
async function sendPending(deps: NotificationEmailDeps): Promise<number> {
  let sent = 0;
  for (;;) {
    const now = new Date();
    const claimed = await claimPendingEmails(
      deps.db,
      now,
      new Date(now.getTime() - STALE_CLAIM_MS),
      BATCH,
    );
    for (const row of claimed) {
      const link = row.actionUrl
        ? `${deps.publicUrl}${row.actionUrl}`
        : `${deps.publicUrl}/dashboard`;
      try {
        // A client who has never signed in has no way through a portal link: their first case
        // email carries a fresh invitation instead (ADR 024). Earlier links stay valid.
        const invitation =
          row.kind === 'case_opened' && row.neverSignedIn
            ? await issueInvitation(deps.db, row.userId, deps.publicUrl)
            : null;
        await deps.mailer.send({
          to: row.email,
          subject: `${row.title}: ${FIRM_NAME}`,
          text: [
            `Dear ${row.firstName},`,
            '',
            row.message,
            '',
            ...(invitation
              ? [`You can follow it in the client portal.`, ...invitationLines(invitation)]
              : [`See it in the client portal: ${link}`]),
            '',
            `You can choose which of these emails you receive under Profile Settings: ${deps.publicUrl}/profile`,
            '',
            FIRM_NAME,
          ].join('\n'),
        });
        await markEmailSent(deps.db, row.id, new Date());
        sent += 1;
      } catch (error) {
        deps.logger.error({ err: error, notificationId: row.id }, 'notification email failed');
        await releaseEmailClaim(deps.db, row.id);
      }
    }
    if (claimed.length < BATCH) return sent;
  }
}

/** One pass at a time per process; `flush` waits for the pass under way and runs one more. */
export class NotificationEmails {
  private running: Promise<number> | undefined;
  private queued: Promise<number> | undefined;

  constructor(private readonly deps: NotificationEmailDeps) {}

  flush(): Promise<number> {
    if (this.queued) return this.queued;
    if (!this.running) return this.start();
    this.queued = this.running
      .catch(() => 0)
      .then(() => {
        this.queued = undefined;
        return this.start();
      });
    return this.queued;
  }

  private start(): Promise<number> {
    const run = sendPending(this.deps).finally(() => {
      if (this.running === run) this.running = undefined;
    });
    this.running = run;
    return run;
  }
}
