import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

/**
 * The web tests' API: Mock Service Worker answers every request the app makes, at the network
 * boundary (the app's own fetch and API client run as in the browser). A request no test answers
 * fails the test (vitest.setup.ts), so nothing slips through to a real network.
 */
export const server = setupServer();

export interface RecordedCall {
  method: string;
  /** As the app asked for it: `/api/…` with the query string. */
  url: string;
  body: unknown;
}

type Answer = [status: number, body: unknown];

/**
 * Answers every `/api` call through `answer(method, path, body)` (path without `/api`, with the
 * query string); records each call in order.
 */
export function answerApi(
  answer: (method: string, path: string, body: unknown) => Answer | undefined,
): RecordedCall[] {
  const calls: RecordedCall[] = [];
  server.use(
    http.all('/api/*', async ({ request }) => {
      const { pathname, search } = new URL(request.url);
      const text = await request.text();
      const body = text ? (JSON.parse(text) as unknown) : undefined;
      const url = `${pathname}${search}`;
      calls.push({ method: request.method, url, body });
      const [status, payload] = answer(request.method, url.replace(/^\/api/, ''), body) ?? [
        500,
        { message: `not mocked: ${request.method} ${url}` },
      ];
      return HttpResponse.json(payload as never, { status });
    }),
  );
  return calls;
}

/** Answers from a table of `METHOD /path` → [status, body] (or a function giving one). */
export function mockApi(answers: Record<string, Answer | (() => Answer)>): RecordedCall[] {
  return answerApi((method, path) => {
    const answer = answers[`${method} ${path}`];
    return typeof answer === 'function' ? answer() : answer;
  });
}

export { http, HttpResponse };
