import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse, server } from '../testing/msw';
import { ApiError } from './api-client';
import { onAuthProblem } from './auth-storage';
import { downloadFile, postWithProgress } from './file-transfer';

afterEach(() => onAuthProblem(null));

const answer = (status: number, body: unknown) =>
  server.use(http.all('/api/*', () => HttpResponse.json(body as never, { status })));

describe('uploads and downloads', () => {
  it('a send refused for an ended session tells the session store, as every API call does', async () => {
    localStorage.setItem('token', 'ended-session');
    const problems = vi.fn();
    onAuthProblem(problems);
    answer(401, { message: 'Please sign in to continue', code: 'UNAUTHORIZED' });
    const handle = postWithProgress(
      '/conversations/c1/messages',
      { json: { body: 'Hi' } },
      () => {},
    );
    const failure = await handle.promise.catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ message: 'Please sign in to continue', status: 401 });
    expect(problems).toHaveBeenCalledWith({ status: 401, code: 'UNAUTHORIZED' });
  });

  it('a download that fails gives the server’s message', async () => {
    answer(404, { message: 'Document not found', code: 'NOT_FOUND' });
    await expect(downloadFile('/cases/c1/documents/d1', 'deed.pdf')).rejects.toMatchObject({
      message: 'Document not found',
      status: 404,
    });
  });
});
