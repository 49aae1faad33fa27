import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { resetSessionForTests, SessionProvider } from '../../lib/session';
import { mockApi, renderWithApp } from '../../testing/render';
import { SiteHeader } from './site-header';
import { anAdvocate } from '../../testing/people';

const advocate = anAdvocate();

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
    mockApi({
      'GET /auth/me': [200, advocate],
      'POST /auth/logout': [200, { success: true }],
      'GET /enquiries/new-count': [200, { success: true, count: 0 }],
    });
    const { router } = renderWithApp(<SiteHeader />, { path: '/about' });
    const menuButton = await screen.findByRole('button', {
      name: /Account menu for Wanjiru Kamau/,
    });
    const nav = screen.getAllByRole('navigation', { name: 'Main' })[0]!;
    for (const name of ['Dashboard', 'Cases', 'Appointments', 'Messages', 'Clients']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();

    // Reports, Admin Management and System Settings share one disclosure on the desktop bar.
    const group = await within(nav).findByRole('button', { name: 'Administration' });
    expect(within(nav).queryByRole('link', { name: 'System Settings' })).toBeNull();
    await userEvent.click(group);
    expect(group).toHaveAttribute('aria-expanded', 'true');
    expect(within(nav).getByRole('link', { name: 'Reports' })).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'Admin Management' })).toBeVisible();
    expect(within(nav).getByRole('link', { name: 'System Settings' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(group).toHaveAttribute('aria-expanded', 'false');
    expect(group).toHaveFocus();
    expect(within(nav).queryByRole('link', { name: 'System Settings' })).toBeNull();

    await userEvent.click(menuButton);
    expect(menuButton).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Profile Settings' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Admin Management' })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    expect(menuButton).toHaveAttribute('aria-expanded', 'false');
    expect(menuButton).toHaveFocus();

    await userEvent.click(menuButton);
    await userEvent.click(screen.getByRole('button', { name: 'Sign Out' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    await vi.waitFor(() => expect(localStorage.getItem('token')).toBeNull());
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
  });

  it('shows the number of new enquiries beside Enquiries, and nothing at zero', async () => {
    localStorage.setItem('token', 'tok');
    let count = 3;
    mockApi({
      'GET /auth/me': [200, advocate],
      'GET /enquiries/new-count': () => [200, { success: true, count }],
    });
    const { router } = renderWithApp(<SiteHeader />, {
      path: '/about',
      routes: [{ path: '/contact', element: <SiteHeader /> }],
    });
    const nav = (await screen.findAllByRole('navigation', { name: 'Main' }))[0]!;
    expect(
      await within(nav).findByRole('link', { name: 'Enquiries 3 new enquiries' }),
    ).toBeInTheDocument();
    count = 0;
    await router.navigate('/contact');
    expect(await screen.findByRole('link', { name: 'Enquiries' })).toBeInTheDocument();
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
