import type { DeviceSession, Profile, PublicUser } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { removeStoredToken, storeToken } from '../../../lib/auth-storage';
import { captureDownloads } from '../../../testing/downloads';
import { aClient, anAdvocate } from '../../../testing/people';
import { mockApi, renderWithApp } from '../../../testing/render';
import { Component as ProfilePage } from './profile';

afterEach(() => {
  removeStoredToken();
  window.history.replaceState(null, '', '/');
});

const device = (overrides: Partial<DeviceSession>): DeviceSession => ({
  id: '10000000-0000-4000-8000-000000000001',
  browser: 'Chrome 120',
  os: 'Android 13',
  device: 'mobile',
  ip: '41.90.1.2',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastUsedAt: '2026-11-23T08:00:00.000Z',
  expiresAt: '2026-11-23T20:00:00.000Z',
  current: true,
  ...overrides,
});

const laptop = device({
  id: '10000000-0000-4000-8000-000000000002',
  browser: 'Firefox 130',
  os: 'Windows 10',
  device: 'desktop',
  current: false,
});

function signedInAs(user: PublicUser, answers: Parameters<typeof mockApi>[0] = {}) {
  storeToken('token');
  const profile: Profile = { user, pendingEmail: null, paymentReference: null };
  return mockApi({
    'GET /auth/me': [200, user],
    'GET /profile': [200, profile],
    'GET /profile/sessions': [200, { sessions: [device({}), laptop] }],
    'GET /profile/data-requests': [200, { requests: [] }],
    'GET /auth/devices': [200, { devices: [] }],
    ...answers,
  });
}

describe('Profile Settings', () => {
  it('saves the personal details and shows the answer', async () => {
    const client = aClient({ firstName: 'Achieng', lastName: 'Otieno' });
    const calls = signedInAs(client, {
      'PUT /profile': [
        200,
        {
          success: true,
          message: 'Your profile has been updated',
          user: { ...client, phone: '+254712345678' },
          pendingEmail: null,
          paymentReference: null,
        },
      ],
    });
    renderWithApp(<ProfilePage />, { path: '/profile' });
    const phone = await screen.findByLabelText('Phone number');
    await userEvent.type(phone, '0712 345 678');
    await userEvent.click(screen.getByRole('button', { name: 'Save details' }));
    await screen.findByText('Your profile has been updated');
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      firstName: 'Achieng',
      lastName: 'Otieno',
      phone: '+254712345678',
    });
    // A client has no professional details.
    expect(screen.queryByRole('heading', { name: 'Professional details' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Change password' })).toHaveAttribute(
      'href',
      '/change-password',
    );
  });

  it("names every section at once, draws the first, then the others' contents one by one", async () => {
    signedInAs(aClient());
    renderWithApp(<ProfilePage />, { path: '/profile' });
    await screen.findByLabelText('Phone number');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(expect.arrayContaining(['Personal details', 'Password', 'Your data']));
    expect(headings.length).toBeGreaterThanOrEqual(9);
    // The last section's contents come once those before it are drawn.
    const yourData = screen.getByRole('region', { name: 'Your data' });
    expect(yourData.querySelector('button, a')).toBeNull();
    await waitFor(() => expect(yourData.querySelector('button, a')).not.toBeNull());
  });

  it("shows the server's field messages", async () => {
    signedInAs(aClient(), {
      'PUT /profile': [
        400,
        { message: 'Validation failed', code: 'VALIDATION_ERROR', errors: { phone: 'Bad phone' } },
      ],
    });
    renderWithApp(<ProfilePage />, { path: '/profile' });
    await userEvent.click(await screen.findByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Bad phone')).toBeInTheDocument();
  });

  it('shows an advocate their professional details', async () => {
    signedInAs(
      anAdvocate({
        licenseNumber: 'LSK/2011/0457',
        specialization: ['Tax Law', 'Sports Law'],
        experience: 14,
        education: 'LLB',
        barAdmission: '2011',
      }),
    );
    renderWithApp(<ProfilePage />, { path: '/profile' });
    await screen.findByRole('heading', { name: 'Professional details' });
    // The sections' contents are drawn one after another (use-progressive-count.ts).
    expect(await screen.findByLabelText('License number')).toHaveValue('LSK/2011/0457');
    expect(screen.getByLabelText('Tax Law')).toBeChecked();
    expect(screen.getByLabelText('Other specializations')).toHaveValue('Sports Law');
  });

  it('lists devices, marks this one, and asks before signing out the others', async () => {
    const calls = signedInAs(aClient(), {
      'POST /profile/sessions/sign-out-others': [
        200,
        { success: true, message: 'Signed out of 1 other device', count: 1 },
      ],
    });
    renderWithApp(<ProfilePage />, { path: '/profile' });
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Chrome 120 on Android 13');
    expect(items[0]).toHaveTextContent('This device');
    expect(within(items[0]!).queryByRole('button')).toBeNull();
    expect(within(items[1]!).getByRole('button', { name: /^Sign out Firefox 130/ })).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Sign out of all other devices' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sign out of all other devices?' });
    expect(calls.some((call) => call.url.endsWith('sign-out-others'))).toBe(false);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Sign out other devices' }));
    await screen.findByText('Signed out of 1 other device');
  });

  it("devices' times read in words on a Nairobi clock", async () => {
    signedInAs(aClient());
    renderWithApp(<ProfilePage />, { path: '/profile' });
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const [first] = within(list).getAllByRole('listitem');
    expect(first).toHaveTextContent('Signed in Fri 20 Nov 2026, 11:00');
    expect(first).toHaveTextContent('Last used Mon 23 Nov 2026, 11:00');
  });

  it('Download my data offers the readable copy (HTML) beside the JSON', async () => {
    const { saved, restore } = captureDownloads();
    try {
      const calls = signedInAs(aClient(), {
        'GET /profile/export?format=html': [200, '<!doctype html><h1>Your data</h1>'],
        'GET /profile/export': [200, { account: {} }],
      });
      renderWithApp(<ProfilePage />, { path: '/profile' });
      await userEvent.click(await screen.findByRole('button', { name: 'Readable copy (HTML)' }));
      await waitFor(() => expect(saved).toHaveLength(1));
      expect(saved[0]).toEqual({
        name: expect.stringMatching(/^my-data-\d{4}-\d{2}-\d{2}\.html$/),
        type: 'text/html;charset=utf-8',
      });
      await userEvent.click(screen.getByRole('button', { name: 'Machine-readable (JSON)' }));
      await waitFor(() => expect(saved).toHaveLength(2));
      expect(saved[1]!.name).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
      expect(calls.map((call) => call.url)).toEqual(
        expect.arrayContaining(['/api/profile/export?format=html', '/api/profile/export']),
      );
    } finally {
      restore();
    }
  });

  it('shows an error with Try again when the devices cannot be loaded', async () => {
    signedInAs(aClient(), {
      'GET /profile/sessions': [500, { message: 'Something went wrong' }],
    });
    renderWithApp(<ProfilePage />, { path: '/profile' });
    expect(
      await screen.findByRole('button', { name: /try again/i }, { timeout: 8000 }),
    ).toBeVisible();
  });

  it('files a deletion request after explaining retention, then shows it as waiting', async () => {
    let requests: unknown[] = [];
    const calls = signedInAs(aClient(), {
      'GET /profile/data-requests': () => [200, { requests }],
      'POST /profile/data-requests': () => {
        requests = [
          {
            id: 'r1',
            kind: 'erasure',
            status: 'open',
            userId: 'u',
            requesterName: 'A B',
            requesterEmail: 'a@b.test',
            message: null,
            reason: null,
            handledBy: null,
            handledAt: null,
            createdAt: '2026-11-23T08:00:00.000Z',
          },
        ];
        return [
          201,
          { success: true, message: 'Your request has been sent', request: requests[0] },
        ];
      },
    });
    renderWithApp(<ProfilePage />, { path: '/profile' });
    await userEvent.click(
      await screen.findByRole('button', { name: 'Ask the firm to delete my data' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('seven years');
    await userEvent.type(within(dialog).getByLabelText(/Anything the firm/), 'Please.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send request' }));
    await screen.findByText('Waiting for the firm');
    expect(calls.find((call) => call.method === 'POST')!.body).toEqual({ message: 'Please.' });
    expect(screen.queryByRole('button', { name: 'Ask the firm to delete my data' })).toBeNull();
  });
});

describe('the email confirmation link', () => {
  it('spends the token from the fragment once and takes it out of the address bar', async () => {
    window.history.replaceState(null, '', '/profile/confirm-email#token=abc');
    const client = aClient();
    const calls = signedInAs(client, {
      'POST /profile/email-change/confirm': [
        200,
        {
          success: true,
          message: 'Your email address has been changed',
          user: { ...client, email: 'new@mail.test' },
          pendingEmail: null,
          paymentReference: null,
        },
      ],
    });
    renderWithApp(<ProfilePage />, { path: '/profile/confirm-email' });
    await screen.findByText('new@mail.test');
    expect(window.location.hash).toBe('');
    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toEqual({ token: 'abc' });
  });

  it('says when the link is no longer valid', async () => {
    window.history.replaceState(null, '', '/profile/confirm-email#token=used');
    signedInAs(aClient(), {
      'POST /profile/email-change/confirm': [
        400,
        {
          message: 'This confirmation link is invalid or has expired.',
          code: 'INVALID_EMAIL_CHANGE_TOKEN',
        },
      ],
    });
    renderWithApp(<ProfilePage />, { path: '/profile/confirm-email' });
    await waitFor(() =>
      expect(screen.getByText('This confirmation link is invalid or has expired.')).toBeVisible(),
    );
  });
});
