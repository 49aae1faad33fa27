import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import type { SessionRow, UserRow } from '../../db/schema';
import type { LiveEvent, LiveEventBus } from '../../lib/live-events';
import { endsSession, findLiveSession } from '../auth/sessions.repository';
import { countUnread, lastSequence, notificationsAfter } from './notifications.repository';
import { toNotification } from './notifications.service';

/**
 * GET /api/notifications/stream: Server-Sent Events written to Fastify's raw reply (ADR 017).
 *
 * - `event: notification`, `id: <sequence>`: each new notification, oldest first;
 * - `event: unread-count`, `id: <last sequence sent>`: the count, after each change and on opening;
 * - `event: message` (no id): `{ conversationId, messageId, kind }` of a conversation the person
 *   reaches (ADR 020): ids only, the screen refetches through the API. Not replayed after a
 *   reconnect: an open conversation refetches when its stream opens again;
 * - a comment line every `heartbeatMs`, so proxies and the idle timeout keep the connection.
 *
 * A stream ends as soon as its session does: every revocation announces `session.revoked` on the
 * bus (sessions.repository), heard by every process. The heartbeat also checks the session (an
 * expired one), and so does a stream after the bus was lost and regained (an announcement missed).
 *
 * The id is the person's notification sequence (commit-ordered, see notificationCounters), so a
 * reconnect's Last-Event-ID gets exactly the rows after it: none missed, none twice. A wake-up
 * only says "look": the stream reads its own person's rows itself.
 */

export interface NotificationStreamsOptions {
  database: Database;
  bus: LiveEventBus;
  logger: FastifyBaseLogger;
  heartbeatMs?: number;
}

const BATCH = 50;
const DEFAULT_HEARTBEAT_MS = 25_000;

/** Last-Event-ID as a sequence; anything else: none. */
function parseLastEventId(header: string | string[] | undefined): number | null {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value || !/^\d{1,15}$/.test(value.trim())) return null;
  return Number(value.trim());
}

export class NotificationStreams {
  private readonly open = new Set<() => void>();
  private readonly db: Database['db'];
  private readonly heartbeatMs: number;
  private readonly stopResync: () => void;
  private readonly resyncs = new Set<() => void>();

  constructor(private readonly options: NotificationStreamsOptions) {
    this.db = options.database.db;
    this.heartbeatMs = options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
    // After a lost listening connection, every stream looks for what it may have missed: rows,
    // and a revocation of its session.
    this.stopResync = options.bus.onResync(() => {
      for (const resync of this.resyncs) resync();
    });
  }

  /** How many streams this process holds. */
  get size(): number {
    return this.open.size;
  }

  /** Takes over the reply and streams `user`'s notifications until either side closes. */
  async serve(
    request: FastifyRequest,
    reply: FastifyReply,
    user: UserRow,
    session: SessionRow,
  ): Promise<void> {
    const raw = reply.raw;
    const { logger, bus } = this.options;
    let isClosed = false;
    // Where the stream starts is read by the first pass, whichever comes first (the pass below or
    // a wake-up from the bus, which is subscribed before it so nothing committed meanwhile is
    // missed): no pass ever runs from 0 and resends the person's whole history.
    let lastSent: number | null = null;
    const askedFrom = parseLastEventId(request.headers['last-event-id']);
    let isPumping = false;
    let isPumpWanted = false;

    const write = (chunk: string) => {
      if (!isClosed) raw.write(chunk);
    };
    const writeCount = async () => {
      const count = await countUnread(this.db, user.id);
      write(`id: ${lastSent}\nevent: unread-count\ndata: ${JSON.stringify({ count })}\n\n`);
    };
    // Serialised: a wake-up during a pass asks for one more pass, so rows are sent once, in order.
    const pump = async () => {
      if (isPumping) {
        isPumpWanted = true;
        return;
      }
      isPumping = true;
      try {
        if (lastSent === null) {
          try {
            const newest = await lastSequence(this.db, user.id);
            // No Last-Event-ID: the page has just loaded the list itself, so only what comes next.
            lastSent = askedFrom === null ? newest : Math.min(askedFrom, newest);
          } catch (error) {
            logger.error({ err: error }, 'notification stream failed to start');
            close();
            return;
          }
        }
        do {
          isPumpWanted = false;
          for (;;) {
            const rows = await notificationsAfter(this.db, user.id, lastSent, BATCH);
            for (const row of rows) {
              if (isClosed) return;
              write(
                `id: ${row.sequence}\nevent: notification\ndata: ${JSON.stringify(toNotification(row))}\n\n`,
              );
              lastSent = row.sequence;
            }
            if (rows.length < BATCH) break;
          }
          if (isClosed) return;
          await writeCount();
        } while (isPumpWanted && !isClosed);
      } catch (error) {
        logger.error({ err: error, userId: user.id }, 'notification stream failed to send');
      } finally {
        isPumping = false;
      }
    };
    const wake = (event?: LiveEvent) => {
      // Its session ended, in this process or another (sessions.repository): nothing more is sent.
      if (event && endsSession(event, session.id)) {
        close();
        return;
      }
      // Messaging's events (ADR 020) go out as they are: the publisher chose who hears them.
      if (event?.type === 'message') {
        const { conversationId, messageId, kind } = event;
        write(`event: message\ndata: ${JSON.stringify({ conversationId, messageId, kind })}\n\n`);
        return;
      }
      void pump();
    };

    const checkSession = async () => {
      try {
        const live = await findLiveSession(this.db, session.tokenHash, new Date());
        if (!live || !live.user.isActive) close();
      } catch (error) {
        logger.warn({ err: error }, 'notification stream could not check its session');
      }
    };
    const resync = () => {
      void checkSession();
      wake();
    };

    const unsubscribe = bus.subscribe(user.id, wake);
    this.resyncs.add(resync);
    const heartbeat = setInterval(() => {
      write(': keep-alive\n\n');
      void checkSession();
    }, this.heartbeatMs);
    heartbeat.unref();

    const close = () => {
      if (isClosed) return;
      isClosed = true;
      clearInterval(heartbeat);
      unsubscribe();
      this.resyncs.delete(resync);
      this.open.delete(close);
      if (!raw.writableEnded) raw.end();
    };
    this.open.add(close);
    raw.on('close', close);

    // Headers set so far (security headers from onRequest hooks) go out with the stream's own;
    // onSend hooks never run for a hijacked reply. Nothing compresses or buffers an event stream.
    reply.hijack();
    const headers = Object.fromEntries(
      Object.entries(reply.getHeaders()).filter(
        (entry): entry is [string, string | number | string[]] =>
          entry[1] !== undefined && entry[0] !== 'content-length',
      ),
    );
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    raw.socket?.setNoDelay(true);
    // The browser's own reconnect delay (fetch-event-source applies its own backoff on top).
    write('retry: 3000\n\n');

    // A revocation that committed after the request was authenticated but before the stream
    // subscribed was announced to nobody here: the session is read once more, now that it listens.
    void checkSession();
    await pump();
  }

  /** Ends every stream (server shutdown): clients reconnect, to this process or another. */
  closeAll(): void {
    for (const close of [...this.open]) close();
  }

  dispose(): void {
    this.closeAll();
    this.stopResync();
  }
}
