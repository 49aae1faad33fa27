import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetSessionForTests, SessionProvider } from '../../lib/session';
import { mockApi, renderWithApp } from '../../testing/render';
import { RequireUser, SignedOutOnly } from './guards';
import { SiteHeader } from './site-header';

afterEach(() => vi.unstubAllGlobals());

const advocate = {
  id: 'a1',
  firstName: 'Wanjiru',
  lastName: 'Kamau',
  email: 'wanjiru@mwamba.test',
  phone: null,
  role: 'advocate',
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  lastLogin: null,
  mustChangePassword: false,
  verificationStatus: 'verified',
};

describe('SiteHeader', () => {
  it('renders signed out on the server even with a stored token, so hydration matches', () => {
    localStorage.setItem('token', 'tok');
    resetSessionForTests();
    const router = createMemoryRouter([{ path: '/', element: <SiteHeader /> }]);
    const html = renderToString(
      <SessionProvider>
        <RouterProvider router={router} />
      </SessionProvider>,
    );
    expect(html).toContain('Sign In');
    expect(html).toContain('Get Started');
  });

  it("shows a signed-in advocate's navigation and a keyboard-operable user menu", async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /auth/me': [200, advocate], 'POST /auth/logout': [200, { success: true }] });
    const { router } = renderWithApp(<SiteHeader />, { path: '/about' });
    const menuButton = await screen.findByRole('button', {
      name: /Account menu for Wanjiru Kamau/,
    });
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    for (const name of ['Dashboard', 'Cases', 'Admin Management', 'System Settings']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();

    await userEvent.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Profile Settings' })).toBeVisible();
    expect(screen.getAllByRole('link', { name: 'Admin Management' })).toHaveLength(2);
    await userEvent.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();

    await userEvent.click(menuButton);
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await vi.waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
  });

  it('drops a stored token the server refuses, silently', async () => {
    localStorage.setItem('token', 'stale');
    mockApi({ 'GET /auth/me': [401, { message: 'Please sign in to continue' }] });
    renderWithApp(<SiteHeader />);
    expect(await screen.findAllByRole('link', { name: 'Sign In' })).not.toHaveLength(0);
    expect(localStorage.getItem('token')).toBeNull();
    expect(screen.queryByText('Please sign in to continue')).toBeNull();
  });
});

describe('guards', () => {
  const page = (text: string) => <p>{text}</p>;
  const routes = (kind: 'require' | 'signed-out') =>
    kind === 'require'
      ? [
          {
            element: <RequireUser />,
            children: [
              { path: '/dashboard', element: page('Dashboard page') },
              { path: '/change-password', element: page('Change password page') },
            ],
          },
          { path: '/login', element: page('Login page') },
        ]
      : [
          {
            element: <SignedOutOnly />,
            children: [{ path: '/login', element: page('Login page') }],
          },
          { path: '/dashboard', element: page('Dashboard page') },
        ];

  function renderAt(path: string, kind: 'require' | 'signed-out') {
    const { router } = renderWithApp(null, {
      path,
      routeTable: [...routes(kind), { path: '*', element: <p>Outside</p> }],
    });
    return router;
  }

  it('sends a visitor from a protected page to /login, remembering where they were going', async () => {
    mockApi({});
    const router = renderAt('/dashboard?tab=1', 'require');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/dashboard?tab=1' });
  });

  it('holds a user who must change their password on the Change Password screen', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /auth/me': [200, { ...advocate, mustChangePassword: true }] });
    const router = renderAt('/dashboard', 'require');
    expect(await screen.findByText('Change password page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change-password');
  });

  it('sends a signed-in user away from /login to /dashboard', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /auth/me': [200, advocate] });
    const router = renderAt('/login', 'signed-out');
    expect(screen.getByText('Checking your session…')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
