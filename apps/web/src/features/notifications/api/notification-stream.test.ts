import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { onAuthProblem, storeToken } from '../../../lib/auth-storage';
import { createQueryClient } from '../../../lib/query-client';
import { NOTIFICATION_LIST_KEY } from './keys';
import { retryDelay, STREAM_SILENCE_LIMIT_MS, useNotificationStream } from './notification-stream';

/** One request the hook made, and the means to answer it as the server would. */
interface StreamRequest {
  headers: Record<string, string>;
  signal: AbortSignal;
  /** Writes raw event-stream text to the open response. */
  send(text: string): void;
}

/**
 * Stands in for the network: each request gets the answer `answer` gives (by default an open
 * event stream the test writes into).
 */
function fakeNetwork(answer?: (index: number) => Response | Error | undefined) {
  const requests: StreamRequest[] = [];
  const encoder = new TextEncoder();
  vi.stubGlobal('fetch', async (_input: RequestInfo | URL, init: RequestInit = {}) => {
    const index = requests.length;
    let write: (text: string) => void = () => {};
    requests.push({
      headers: { ...(init.headers as Record<string, string>) },
      signal: init.signal!,
      send: (text) => write(text),
    });
    const given = answer?.(index);
    if (given instanceof Error) throw given;
    if (given) return given;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        write = (text) => controller.enqueue(encoder.encode(text));
        init.signal?.addEventListener('abort', () => controller.error(init.signal!.reason));
      },
    });
    return new Response(body, { headers: { 'content-type': 'text/event-stream' } });
  });
  return requests;
}

/**
 * Lets the streams and promises in flight run (real: only timeouts are faked), and anything due
 * now: the stream opens once the page is idle, through a zero timeout where the browser (here
 * jsdom) has no requestIdleCallback.
 */
const settle = async () => {
  await vi.advanceTimersByTimeAsync(0);
  for (let i = 0; i < 5; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

const advance = async (ms: number) => {
  await vi.advanceTimersByTimeAsync(ms);
  await settle();
};

function openStream(queryClient = createQueryClient()) {
  const wrapper = ({ children }: { children: ReactNode }) =>
    createElement(QueryClientProvider, { client: queryClient }, children);
  return renderHook(() => useNotificationStream(true), { wrapper });
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  storeToken('token');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  onAuthProblem(null);
});

describe('retryDelay', () => {
  it('doubles from 1 s up to 30 s, with up to a fifth of jitter either way', () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    expect([1, 2, 3, 4, 5, 6, 7, 20].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(retryDelay(1)).toBe(800);
    vi.spyOn(Math, 'random').mockReturnValue(0.999_999);
    expect(retryDelay(6)).toBe(36000);
  });
});

describe('useNotificationStream', () => {
  it('has the bell list again what is there when the count changes elsewhere (a note’s notification taken back)', async () => {
    const requests = fakeNetwork();
    const queryClient = createQueryClient();
    queryClient.setQueryData(NOTIFICATION_LIST_KEY, { pages: [], pageParams: [] });
    openStream(queryClient);
    await settle();
    expect(queryClient.getQueryState(NOTIFICATION_LIST_KEY)?.isInvalidated).toBe(false);
    requests[0]!.send('id: 9\nevent: unread-count\ndata: {"count":1}\n\n');
    await settle();
    expect(queryClient.getQueryState(NOTIFICATION_LIST_KEY)?.isInvalidated).toBe(true);
  });

  it('keeps a connection that hears heartbeats, and reopens one silent for the limit, from the last event id', async () => {
    const requests = fakeNetwork();
    const { unmount } = openStream();
    await settle();
    expect(requests).toHaveLength(1);
    requests[0]!.send('retry: 3000\n\nid: 7\nevent: unread-count\ndata: {"count":2}\n\n');
    await settle();

    // The server's heartbeat every 25 s: comment lines only, and the connection is kept.
    for (let beat = 0; beat < 4; beat += 1) {
      await advance(25_000);
      requests[0]!.send(': keep-alive\n\n');
      await settle();
    }
    expect(requests).toHaveLength(1);

    // Then nothing (the phone lost signal; no error comes).
    await advance(STREAM_SILENCE_LIMIT_MS - 1);
    expect(requests).toHaveLength(1);
    await advance(1);
    expect(requests).toHaveLength(2);
    expect(requests[0]!.signal.aborted).toBe(true);
    expect(requests[1]!.headers['last-event-id']).toBe('7');
    unmount();
    expect(requests[1]!.signal.aborted).toBe(true);
  });

  it('reopens at once when the browser is back online, even while waiting to retry', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    // Offline: the first request fails, and the next try would wait a second.
    const requests = fakeNetwork((index) =>
      index === 0 ? new TypeError('Failed to fetch') : undefined,
    );
    openStream();
    await settle();
    expect(requests).toHaveLength(1);

    window.dispatchEvent(new Event('online'));
    await settle();
    expect(requests).toHaveLength(2);

    // Connected, then online again (the old socket is likely dead): a new one replaces it.
    requests[1]!.send('id: 3\nevent: unread-count\ndata: {"count":0}\n\n');
    await settle();
    window.dispatchEvent(new Event('online'));
    await settle();
    expect(requests).toHaveLength(3);
    expect(requests[1]!.signal.aborted).toBe(true);
    expect(requests[2]!.headers['last-event-id']).toBe('3');
  });

  it('retries a failed connection after 1 s, then 2 s', async () => {
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const requests = fakeNetwork((index) =>
      index < 2 ? new Response('{}', { status: 503 }) : undefined,
    );
    openStream();
    await settle();
    expect(requests).toHaveLength(1);
    await advance(999);
    expect(requests).toHaveLength(1);
    await advance(1);
    expect(requests).toHaveLength(2);
    await advance(1999);
    expect(requests).toHaveLength(2);
    await advance(1);
    expect(requests).toHaveLength(3);
  });

  it.each([401, 403])(
    'stops for good when refused with %i, and tells the session store',
    async (status) => {
      const problems: unknown[] = [];
      onAuthProblem((problem) => problems.push(problem));
      const requests = fakeNetwork(() =>
        Response.json({ message: 'No', code: 'SESSION_EXPIRED' }, { status }),
      );
      openStream();
      await settle();
      expect(problems).toEqual([{ status, code: 'SESSION_EXPIRED' }]);

      await advance(10 * 60_000);
      window.dispatchEvent(new Event('online'));
      await settle();
      expect(requests).toHaveLength(1);
    },
  );
});
