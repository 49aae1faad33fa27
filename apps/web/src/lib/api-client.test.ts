import { describe, expect, it } from 'vitest';
import { http, HttpResponse, server } from '../testing/msw';
import { api, ApiError, errorText } from './api-client';

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
