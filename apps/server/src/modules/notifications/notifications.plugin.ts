import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createLiveEventBus, THIS_PROCESS, type LiveEventBus } from '../../lib/live-events';
import { NotificationStreams } from './notification-streams';
import { NOTIFICATION_EVENTS } from './notifications.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's end of the live-event bus (lib/live-events). */
    liveEvents: LiveEventBus;
    notificationStreams: NotificationStreams;
  }
}

export interface NotificationsPluginOptions {
  /** How often an idle stream sends a comment line and checks its session (default 25 s). */
  heartbeatMs?: number;
}

/**
 * The live-event bus and the notification streams of this process (ADR 017), and the hand-over
 * of notifications' emails to the outbox. Streams end before the server stops taking connections, so a shutdown does not
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
    app.decorate('liveEvents', bus);
    app.decorate('notificationStreams', streams);

    // The emails a notification queued (notify) go to the outbox's workers once their
    // transaction has committed, which is when this process hears of it (ADR 028).
    bus.onAny((_userIds, event) => {
      if (
        event.type === NOTIFICATION_EVENTS.created &&
        event.origin === THIS_PROCESS &&
        typeof event.deliveries === 'string'
      ) {
        void app.outbox.dispatch(event.deliveries.split(','));
      }
    });

    app.addHook('preClose', async () => streams.closeAll());
    app.addHook('onClose', async () => {
      streams.dispose();
      await bus.close();
    });
  },
  { name: 'notifications', dependencies: ['outbox'] },
);
