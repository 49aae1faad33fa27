import { nairobiToday } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { api } from '../lib/api-client';
import { http, HttpResponse, server } from '../testing/msw';
import { askFirstRequests, firstRequestsOf } from './first-requests';

const at = (address: string) => {
  const url = new URL(address, 'http://localhost');
  return firstRequestsOf({ pathname: url.pathname, search: url.search });
};

describe("a portal page's first data, asked for beside the session check", () => {
  it("names what each listed screen asks for first, as the screens' queries name it", () => {
    expect(at('/dashboard')).toEqual(['/dashboard/stats']);
    expect(at('/cases')).toEqual(['/cases?page=1&limit=20']);
    expect(at('/cases/7f1c0a52-3d4e-4b8a-9f10-2a6b5c7d8e9f')).toEqual([
      '/cases/7f1c0a52-3d4e-4b8a-9f10-2a6b5c7d8e9f',
      '/cases?page=1&limit=20',
    ]);
    expect(at('/messages?c=0b9e6a0e-1c1f-4c4e-9d55-1f5e0e3a7b21')).toEqual([
      '/conversations?unread=first&limit=50&page=1',
      '/conversations/0b9e6a0e-1c1f-4c4e-9d55-1f5e0e3a7b21/messages?limit=50',
    ]);
    expect(at('/appointments')).toEqual([
      `/court-dates?from=${nairobiToday()}`,
      '/appointments?page=1&sort=asc',
    ]);
    expect(at('/profile')).toEqual(['/profile']);
  });

  it("asks for no list early from an address with filters: the screen's own request would differ", () => {
    expect(at('/cases?status=open')).toEqual([]);
    expect(at('/cases/7f1c0a52-3d4e-4b8a-9f10-2a6b5c7d8e9f?status=open')).toEqual([
      '/cases/7f1c0a52-3d4e-4b8a-9f10-2a6b5c7d8e9f',
    ]);
    expect(at('/messages?waiting=day')).toEqual([]);
    expect(at('/appointments?status=cancelled')).toEqual([]);
  });

  it('asks for nothing on a page that is not listed', () => {
    expect(at('/login')).toEqual([]);
    expect(at('/clients')).toEqual([]);
    expect(at('/')).toEqual([]);
  });
});

describe('asking as the page starts (boot.ts)', () => {
  it("asks for who is signed in and the screen's data at once; the session and the screen then ask nobody", async () => {
    localStorage.setItem('token', 'client-token');
    const sent: string[] = [];
    server.use(
      http.get('/api/*', ({ request }) => {
        const url = new URL(request.url);
        sent.push(`${url.pathname}${url.search}`);
        return HttpResponse.json({ address: url.pathname });
      }),
    );
    askFirstRequests({ pathname: '/dashboard', search: '' });
    await expect(api.get('/auth/me')).resolves.toEqual({ address: '/api/auth/me' });
    await expect(api.get('/dashboard/stats')).resolves.toEqual({ address: '/api/dashboard/stats' });
    expect(sent).toEqual(['/api/auth/me', '/api/dashboard/stats']);
  });

  it('asks for nothing when no token is stored (a visitor)', async () => {
    const sent: string[] = [];
    server.use(
      http.get('/api/*', ({ request }) => {
        sent.push(new URL(request.url).pathname);
        return HttpResponse.json({});
      }),
    );
    askFirstRequests({ pathname: '/dashboard', search: '' });
    await api.get('/health');
    expect(sent).toEqual(['/api/health']);
  });
});
