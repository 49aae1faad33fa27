import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLiveEventBus, type LiveEventBus } from '../../lib/live-events';
import { NotificationEmails } from './notification-emails';
import { NotificationStreams } from './notification-streams';
import { NOTIFICATION_EVENTS } from './notifications.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's end of the live-event bus (lib/live-events). */
    liveEvents: LiveEventBus;
    notificationStreams: NotificationStreams;
    notificationEmails: NotificationEmails;
  }
}

export interface NotificationsPluginOptions {
  /** How often an idle stream sends a comment line and checks its session (default 25 s). */
  heartbeatMs?: number;
}

/** Emails missed by a process that stopped mid-send are looked for this often. */
const EMAIL_SWEEP_MS = 5 * 60 * 1000;

/**
 * The live-event bus, the notification streams and the notification emails of this process
 * (ADR 017). Streams end before the server stops taking connections, so a shutdown does not
 * wait on them; their clients reconnect to whichever process answers.
 */
export const notificationsPlugin = fp(
  async (app: FastifyInstance, options: NotificationsPluginOptions) => {
    const bus = await createLiveEventBus(app.database, app.log.child({ module: 'live-events' }));
    const streams = new NotificationStreams({
      database: app.database,
      bus,
      logger: app.log.child({ module: 'notification-stream' }),
      ...(options.heartbeatMs ? { heartbeatMs: options.heartbeatMs } : {}),
    });
    const emails = new NotificationEmails({
      db: app.db,
      mailer: app.mailer,
      publicUrl: app.config.publicUrl,
      logger: app.log.child({ module: 'notification-emails' }),
    });
    app.decorate('liveEvents', bus);
    app.decorate('notificationStreams', streams);
    app.decorate('notificationEmails', emails);

    // Any process that hears of a committed notification owing an email tries to send it; the
    // claim lets one succeed.
    bus.onAny((_userIds, event) => {
      if (event.type === NOTIFICATION_EVENTS.created && event.email === true) {
        app.backgroundTasks.run('notification emails', async () => void (await emails.flush()));
      }
    });
    const sweep = setInterval(() => {
      app.backgroundTasks.run('notification email sweep', async () => void (await emails.flush()));
    }, EMAIL_SWEEP_MS);
    sweep.unref();

    app.addHook('preClose', async () => streams.closeAll());
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      streams.dispose();
      await bus.close();
    });
  },
  { name: 'notifications' },
);
