import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { App } from '../../app';

/** A Server-Sent Event as the stream wrote it. */
export interface StreamEvent {
  id?: string;
  event: string;
  data: string;
}

export interface OpenStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: StreamEvent[];
  /** Resolves with the first event (already received or still to come) matching `predicate`. */
  waitFor(predicate: (event: StreamEvent) => boolean): Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
}

/** The port `app` listens on, starting it on a free one first if it does not listen yet. */
export async function listeningPort(app: App): Promise<number> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return (app.server.address() as AddressInfo).port;
}

/**
 * Opens GET /api/notifications/stream over a real connection (inject() waits for a response to
 * end; a stream never does) and parses its events as a browser would.
 */
export function openStream(
  port: number,
  token: string | null,
  lastEventId?: string,
): Promise<OpenStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      {
        host: '127.0.0.1',
        port,
        path: '/api/notifications/stream',
        headers: {
          accept: 'text/event-stream',
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(lastEventId ? { 'last-event-id': lastEventId } : {}),
        },
      },
      (response) => {
        const events: StreamEvent[] = [];
        const waiters: {
          predicate: (e: StreamEvent) => boolean;
          done: (e: StreamEvent) => void;
        }[] = [];
        let buffer = '';
        let resolveEnded!: () => void;
        const ended = new Promise<void>((done) => (resolveEnded = done));
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          buffer += chunk;
          let boundary: number;
          while ((boundary = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, boundary);
            buffer = buffer.slice(boundary + 2);
            const event: StreamEvent = { event: 'message', data: '' };
            let hasData = false;
            for (const line of block.split('\n')) {
              if (line.startsWith(':')) continue;
              const colon = line.indexOf(':');
              const field = colon < 0 ? line : line.slice(0, colon);
              const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
              if (field === 'id') event.id = value;
              if (field === 'event') event.event = value;
              if (field === 'data') {
                event.data += (hasData ? '\n' : '') + value;
                hasData = true;
              }
            }
            if (!hasData) continue;
            events.push(event);
            for (const waiter of [...waiters]) {
              if (waiter.predicate(event)) {
                waiters.splice(waiters.indexOf(waiter), 1);
                waiter.done(event);
              }
            }
          }
        });
        response.on('end', resolveEnded);
        response.on('close', resolveEnded);
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          events,
          ended,
          waitFor(predicate) {
            const found = events.find(predicate);
            if (found) return Promise.resolve(found);
            return new Promise((done) => waiters.push({ predicate, done }));
          },
          close() {
            request.destroy();
          },
        });
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET') reject(error);
    });
  });
}

export const isNotification = (event: StreamEvent) => event.event === 'notification';
export const countIs = (count: number) => (event: StreamEvent) =>
  event.event === 'unread-count' && (JSON.parse(event.data) as { count: number }).count === count;
