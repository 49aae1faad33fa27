import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anAdvocate, aClient } from '../../testing/people';
import { useSession } from '../../lib/session';
import { mockApi, renderWithApp } from '../../testing/render';
import { TwoFactorDueNotice } from './two-factor-due-notice';

/** Says when the session has been read, so an absent notice is absent for the right reason. */
function SignedIn() {
  const { user } = useSession();
  return <p>{user ? `Signed in as ${user.firstName}` : 'Checking'}</p>;
}

const inThreeDays = new Date(Date.UTC(2026, 11, 3, 7, 0)).toISOString();

function renderAt(path: string, user: object) {
  localStorage.setItem('token', 'tok');
  mockApi({ 'GET /auth/me': [200, user] });
  return renderWithApp(
    <>
      <TwoFactorDueNotice />
      <SignedIn />
    </>,
    { path },
  );
}

describe('the notice of a second factor due', () => {
  // Three days before the due date, whatever day the suite runs (only Date is faked: the
  // requests and React's timers run as usual).
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(Date.UTC(2026, 10, 30, 7, 0)));
  });
  afterEach(() => vi.useRealTimers());

  it('tells staff on the dashboard by when, in Nairobi time, with the way to set it up', async () => {
    renderAt('/dashboard', anAdvocate({ twoFactorDueAt: inThreeDays }));
    expect(
      await screen.findByText(
        'Set up two-factor sign-in by Thu 3 Dec 2026, 10:00. After that the portal opens only once it is set up.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('link', { name: 'Set it up now' })).toHaveAttribute(
      'href',
      '/two-factor-setup',
    );
  });

  it('stays off screens sized to the window, such as Messages, and off everyone with nothing due', async () => {
    renderAt('/messages', anAdvocate({ twoFactorDueAt: inThreeDays }));
    await screen.findByText(/^Signed in as /);
    expect(screen.queryByRole('link', { name: 'Set it up now' })).toBeNull();
  });

  it('says nothing to a client', async () => {
    renderAt('/dashboard', aClient());
    await screen.findByText(/^Signed in as /);
    expect(screen.queryByRole('link', { name: 'Set it up now' })).toBeNull();
  });
});
