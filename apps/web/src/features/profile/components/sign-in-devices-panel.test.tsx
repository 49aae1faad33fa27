import { SIGN_IN_DEVICE_TEXTS as T, type SignInDevice } from '@firm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render';
import { SignInDevicesPanel } from './sign-in-devices-panel';

const PHONE: SignInDevice = {
  id: 'd0000000-0000-4000-8000-000000000001',
  label: 'Chrome on Android',
  firstSeenAt: '2026-11-20T05:00:00.000Z',
  lastSeenAt: '2026-11-23T07:30:00.000Z',
  lastIp: '197.232.61.7',
  current: false,
};
const LAPTOP: SignInDevice = {
  id: 'd0000000-0000-4000-8000-000000000002',
  label: 'Firefox on Windows',
  firstSeenAt: '2026-10-01T05:00:00.000Z',
  lastSeenAt: '2026-11-22T05:00:00.000Z',
  lastIp: null,
  current: true,
};

describe('SignInDevicesPanel', () => {
  it('lists each device with when it last signed in, its address, and this one marked', async () => {
    mockApi({ 'GET /auth/devices': [200, { devices: [PHONE, LAPTOP] }] });
    renderWithApp(<SignInDevicesPanel />);
    const list = await screen.findByRole('list', { name: T.listLabel });
    const [phone, laptop] = within(list).getAllByRole('listitem');
    expect(phone).toHaveTextContent('Chrome on Android');
    // On a Nairobi clock (UTC+3), in words.
    expect(phone).toHaveTextContent('Last signed in Mon 23 Nov 2026, 10:30');
    expect(phone).toHaveTextContent('Network address 197.232.61.7');
    expect(phone).toHaveTextContent('First seen Fri 20 Nov 2026, 08:00');
    expect(within(phone!).queryByText(T.thisDevice)).toBeNull();
    expect(laptop).toHaveTextContent('Firefox on Windows');
    expect(within(laptop!).getByText(T.thisDevice)).toBeInTheDocument();
    expect(laptop).toHaveTextContent('Network address unknown');
  });

  it('says when none is recorded yet', async () => {
    mockApi({ 'GET /auth/devices': [200, { devices: [] }] });
    renderWithApp(<SignInDevicesPanel />);
    expect(await screen.findByText(T.empty)).toBeInTheDocument();
  });

  it('shows the failure with Try again, which asks again', async () => {
    let fail = true;
    const calls = mockApi({
      'GET /auth/devices': () =>
        fail ? [500, { message: 'Something went wrong' }] : [200, { devices: [PHONE] }],
    });
    renderWithApp(<SignInDevicesPanel />);
    const retry = await screen.findByRole('button', { name: /try again/i }, { timeout: 8000 });
    fail = false;
    await userEvent.click(retry);
    expect(await screen.findByText('Chrome on Android')).toBeInTheDocument();
    expect(calls.length).toBeGreaterThan(1);
  });
});
