import { MESSAGES, PORTAL_FEATURES, type PortalFeature } from '@firm/shared';
import { screen, waitFor } from '@testing-library/react';
import type { RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../testing/render';
import { FeatureGuard, type FeatureHandle } from './guards';
import { anAdmin, anAdvocate } from '../../testing/people';

const user = anAdvocate();
const admin = anAdmin({
  canOpenFiles: true,
  canUploadFiles: true,
  canAdmitClients: true,
  canManageCases: true,
  canScheduleAppointments: true,
  canAccessReports: true,
});

const feature = (screen: string) =>
  PORTAL_FEATURES.find((entry: PortalFeature) => entry.screen === screen)!;

/** The manifest's features as the app guards them, each path showing "<screen> page". */
const guardedRoutes: RouteObject[] = PORTAL_FEATURES.map((entry: PortalFeature) => ({
  handle: { portalFeature: entry } satisfies FeatureHandle,
  element: <FeatureGuard />,
  children: entry.paths.map((path) => ({ path, element: <p>{entry.screen} page</p> })),
}));

function renderAt(path: string) {
  const { router } = renderWithApp(null, {
    path,
    routeTable: [...guardedRoutes, { path: '*', element: <p>Outside</p> }],
  });
  return router;
}

describe('the route guard of each portal feature', () => {
  it('sends a visitor from a protected page to /login, remembering where they were going', async () => {
    mockApi({});
    const router = renderAt('/dashboard?tab=1');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.state).toEqual({ from: '/dashboard?tab=1' });
  });

  it('holds a user who must change their password on the Change Password screen', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /auth/me': [200, { ...user, mustChangePassword: true }] });
    const router = renderAt('/dashboard');
    expect(await screen.findByText('auth/change-password page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change-password');
  });

  it('holds staff past their grace on the two-factor setup, and lets them through while it lasts', async () => {
    localStorage.setItem('token', 'tok');
    const past = new Date(Date.now() - 60_000).toISOString();
    mockApi({ 'GET /auth/me': [200, { ...user, twoFactorDueAt: past }] });
    const router = renderAt('/dashboard');
    expect(await screen.findByText('profile/two-factor-setup page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/two-factor-setup');
    expect(router.state.location.state).toEqual({ from: '/dashboard' });
  });

  it('holds staff with a temporary password on Change Password first, even when a second factor is due', async () => {
    localStorage.setItem('token', 'tok');
    const past = new Date(Date.now() - 60_000).toISOString();
    mockApi({
      'GET /auth/me': [200, { ...user, mustChangePassword: true, twoFactorDueAt: past }],
    });
    const router = renderAt('/dashboard');
    expect(await screen.findByText('auth/change-password page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/change-password');
  });

  it('lets staff whose grace still lasts open the portal', async () => {
    localStorage.setItem('token', 'tok');
    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    mockApi({ 'GET /auth/me': [200, { ...user, twoFactorDueAt: later }] });
    renderAt('/dashboard');
    expect(await screen.findByText('dashboard/dashboard page')).toBeInTheDocument();
  });

  it('sends a signed-in user away from /login to /dashboard', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /auth/me': [200, user] });
    const router = renderAt('/login');
    expect(screen.getByText('Checking your session…')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('lets anyone open the booking page and the password reset pages', async () => {
    mockApi({});
    renderAt('/appointments');
    expect(await screen.findByText('appointments/appointments page')).toBeInTheDocument();
  });

  it('turns away, before the screen renders, a signed-in person whom can() refuses, and says why', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /auth/me': [200, admin] });
    const router = renderAt('/admin-management');
    const heading = await screen.findByRole('heading', { name: 'Access Denied' });
    expect(heading).toHaveFocus();
    expect(router.state.location.pathname).toBe('/admin-management');
    expect(screen.queryByText('users/admin-management page')).toBeNull();
    expect(screen.getByText(feature('users/admin-management').deniedMessage!)).toBeVisible();
    // No toggle opens it: only advocates.
    expect(screen.getByText(MESSAGES.onlyAdvocatesOpen)).toBeVisible();
    expect(screen.getByRole('link', { name: MESSAGES.goToDashboard })).toHaveAttribute(
      'href',
      '/dashboard',
    );
  });

  it('tells an admin without the toggle that an advocate can give it', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /auth/me': [200, anAdmin({ canScheduleAppointments: false })] });
    renderAt('/enquiries');
    expect(await screen.findByText(MESSAGES.enquiriesAccessDenied)).toBeVisible();
    expect(
      screen.getByText(
        'An admin needs the “Admit Clients” or “Schedule Appointments” permissions; an advocate turns them on in Admin Management → Edit Permissions.',
      ),
    ).toBeVisible();
    expect(screen.queryByText('clients/enquiries page')).toBeNull();
  });

  it('names the toggle Cases need when an admin without it opens them', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /auth/me': [200, anAdmin({ canOpenFiles: false })] });
    renderAt('/cases');
    expect(await screen.findByText(MESSAGES.casesAccessDenied)).toBeVisible();
    expect(
      screen.getByText(/needs the “Open Files” permission; an advocate turns it on/),
    ).toBeVisible();
  });

  it('lets a client open their own pages but not the firm’s Clients list', async () => {
    localStorage.setItem('token', 'tok');
    mockApi({ 'GET /auth/me': [200, { ...user, role: 'client' }] });
    renderAt('/clients');
    expect(await screen.findByText(MESSAGES.clientsAccessDenied)).toBeVisible();
    expect(screen.queryByText(/an advocate turns/)).toBeNull();
    expect(screen.queryByText('clients/clients page')).toBeNull();
  });
});
