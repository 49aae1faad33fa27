import type { DeviceSession } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render';
import { SessionsPanel } from './sessions-panel';

const session = (overrides: Partial<DeviceSession>): DeviceSession => ({
  id: 'b0000000-0000-4000-8000-000000000000',
  browser: 'Chrome 131',
  os: 'Windows 10',
  device: null,
  ip: '10.0.0.1',
  createdAt: '2026-11-20T05:00:00.000Z',
  lastUsedAt: '2026-11-23T05:00:00.000Z',
  expiresAt: '2026-12-20T05:00:00.000Z',
  current: false,
  ...overrides,
});

const THIS_DEVICE = session({ id: 'b0000000-0000-4000-8000-000000000001', current: true });
const PHONE = session({
  id: 'b0000000-0000-4000-8000-000000000002',
  browser: 'Safari 18',
  os: 'iOS 18',
  device: 'mobile',
  ip: '41.90.0.7',
});
const TABLET = session({
  id: 'b0000000-0000-4000-8000-000000000003',
  browser: 'Firefox 133',
  os: 'Android 14',
  device: 'tablet',
  ip: '41.90.0.8',
});

describe('SessionsPanel', () => {
  it('signs out one other device: it asks the server, and only that row goes', async () => {
    let sessions = [THIS_DEVICE, PHONE, TABLET];
    const calls = mockApi({
      'GET /profile/sessions': () => [200, { sessions }],
      [`DELETE /profile/sessions/${PHONE.id}`]: () => {
        sessions = sessions.filter((each) => each.id !== PHONE.id);
        return [200, { success: true, message: 'The device has been signed out' }];
      },
    });
    renderWithApp(<SessionsPanel />);
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    // The current device cannot be signed out here (Sign Out does that).
    const current = within(list).getByText('This device').closest('li')!;
    expect(within(current).queryByRole('button')).not.toBeInTheDocument();

    await userEvent.click(
      within(list).getByRole('button', { name: /^Sign out Safari 18 on iOS 18, signed in / }),
    );
    expect(await screen.findByText('The device has been signed out')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'DELETE').map((call) => call.url)).toEqual([
      `/api/profile/sessions/${PHONE.id}`,
    ]);
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2));
    expect(within(list).queryByText(/Safari 18 on iOS 18/)).not.toBeInTheDocument();
    expect(within(list).getByText(/Firefox 133 on Android 14/)).toBeInTheDocument();
    expect(
      screen.getByRole('button', { name: 'Sign out of all other devices' }),
    ).toBeInTheDocument();
  });

  it('keeps the row and says why when the server refuses', async () => {
    mockApi({
      'GET /profile/sessions': [200, { sessions: [THIS_DEVICE, PHONE] }],
      [`DELETE /profile/sessions/${PHONE.id}`]: [
        404,
        { message: 'Session not found', code: 'SESSION_NOT_FOUND' },
      ],
    });
    renderWithApp(<SessionsPanel />);
    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    await userEvent.click(
      within(list).getByRole('button', { name: /^Sign out Safari 18 on iOS 18/ }),
    );
    expect(await screen.findByText('Session not found')).toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });
});
