import { describe, expect, it } from 'vitest';
import { http, HttpResponse, server } from '../testing/msw';
import { onAuthProblem } from './auth-storage';
import { api, ApiError, errorText } from './api-client';
import { askEarly } from './early-answers';

/** Answers every /api request with `status` and `body`; gives back the requests as sent. */
function respondWith(status: number, body: unknown) {
  const requests: Request[] = [];
  server.use(
    http.all('/api/*', ({ request }) => {
      requests.push(request.clone());
      return new HttpResponse(typeof body === 'string' ? body : JSON.stringify(body), { status });
    }),
  );
  return requests;
}

describe('api client (the Bearer token and the error texts)', () => {
  it('sends the stored token as a Bearer header, and none when there is none', async () => {
    const requests = respondWith(200, { ok: true });
    await api.get('/health');
    expect(requests[0]!.headers.has('authorization')).toBe(false);

    localStorage.setItem('token', 'abc123');
    await api.post('/contact-messages', { name: 'A' });
    const sent = requests[1]!;
    expect(new URL(sent.url).pathname).toBe('/api/contact-messages');
    expect(sent.headers.get('authorization')).toBe('Bearer abc123');
    expect(sent.headers.get('content-type')).toBe('application/json');
    expect(await sent.text()).toBe('{"name":"A"}');
  });

  it('treats any 2xx as success', async () => {
    respondWith(202, { message: 'pending' });
    await expect(api.post('/auth/register', {})).resolves.toEqual({ message: 'pending' });
  });

  it("turns a failure into the body's message, with its status, code and field errors", async () => {
    respondWith(400, {
      message: 'Invalid email address',
      code: 'VALIDATION_ERROR',
      errors: { email: 'Invalid email address' },
    });
    const error = await api.post('/auth/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: 'Invalid email address',
      status: 400,
      code: 'VALIDATION_ERROR',
      errors: { email: 'Invalid email address' },
    });
  });

  it("falls back to the transport's text when the body has no message", async () => {
    respondWith(502, '<html>Bad gateway</html>');
    await expect(api.get('/health')).rejects.toThrow('Request failed with status code 502');
  });

  it('reports a network failure with the transport text', async () => {
    server.use(http.get('/api/health', () => HttpResponse.error()));
    await expect(api.get('/health')).rejects.toMatchObject({
      message: 'Failed to fetch',
      status: 0,
    });
  });

  it("gives a screen's own fallback only when there is no text at all", () => {
    expect(errorText(new ApiError('Wrong password', 401), 'Login failed')).toBe('Wrong password');
    expect(errorText(new Error(''), 'Login failed')).toBe('Login failed');
    expect(errorText(undefined)).toBe('An error occurred');
  });
});

describe("a screen's first data, asked for early (app/first-requests.ts)", () => {
  const paths = (requests: Request[]) =>
    requests.map((request) => {
      const url = new URL(request.url);
      return `${url.pathname}${url.search}`;
    });

  it('hands the screen the early answer once: one request, and the next GET asks again', async () => {
    localStorage.setItem('token', 'client-token');
    let asked = 0;
    const requests: Request[] = [];
    server.use(
      http.get('/api/profile', ({ request }) => {
        requests.push(request.clone());
        asked += 1;
        return HttpResponse.json({ asked });
      }),
    );
    askEarly(['/profile']);
    await expect(api.get('/profile')).resolves.toEqual({ asked: 1 });
    expect(requests).toHaveLength(1);
    expect(requests[0]!.headers.get('authorization')).toBe('Bearer client-token');

    await expect(api.get('/profile')).resolves.toEqual({ asked: 2 });
    expect(requests).toHaveLength(2);
  });

  it('matches the address whatever the order of its filters', async () => {
    localStorage.setItem('token', 'client-token');
    const requests = respondWith(200, { cases: [] });
    askEarly(['/cases?page=1&limit=20']);
    await expect(api.get('/cases?limit=20&page=1')).resolves.toEqual({ cases: [] });
    expect(paths(requests)).toEqual(['/api/cases?page=1&limit=20']);
  });

  it('never hands an answer asked for with another token to the next person', async () => {
    localStorage.setItem('token', 'first-person');
    const requests = respondWith(200, { user: 'whoever asked' });
    askEarly(['/profile']);
    localStorage.setItem('token', 'second-person');
    await api.get('/profile');
    expect(requests.map((request) => request.headers.get('authorization'))).toEqual([
      'Bearer first-person',
      'Bearer second-person',
    ]);
  });

  it('drops a refused early answer unread: the screen asks itself, and only its refusal reaches the session', async () => {
    localStorage.setItem('token', 'temporary-password');
    const problems: unknown[] = [];
    onAuthProblem((problem) => problems.push(problem));
    try {
      const requests = respondWith(403, {
        message: 'You must change your password',
        code: 'PASSWORD_CHANGE_REQUIRED',
      });
      askEarly(['/profile']);
      await expect(api.get('/profile')).rejects.toMatchObject({ status: 403 });
      expect(requests).toHaveLength(2);
      expect(problems).toEqual([{ status: 403, code: 'PASSWORD_CHANGE_REQUIRED' }]);
    } finally {
      onAuthProblem(null);
    }
  });

  it('asks for nothing without a stored token', async () => {
    const requests = respondWith(200, {});
    askEarly(['/profile', '/dashboard/stats']);
    await api.get('/health');
    expect(paths(requests)).toEqual(['/api/health']);
  });
});
