import { describe, expect, it } from 'vitest';
import { NO_ADMIN_PERMISSIONS } from './permissions';
import {
  PORTAL_FEATURES,
  findPortalFeature,
  isAppShellPath,
  matchesPathPattern,
  mayOpen,
  portalDashboardTiles,
  portalNav,
  portalUserMenu,
  type PortalFeature,
} from './portal-manifest';

const advocate = { role: 'advocate' as const };
const client = { role: 'client' as const };
const admin = { role: 'admin' as const, permissions: NO_ADMIN_PERMISSIONS };
const labels = (links: { label: string }[]) => links.map((link) => link.label);

describe('the portal manifest', () => {
  it('gives each role its navigation, in the documented order', () => {
    expect(labels(portalNav(client))).toEqual([
      'Dashboard',
      'My Cases',
      'Appointments',
      'Messages',
      'Billing',
    ]);
    // Cases needs canOpenFiles: an admin without it sees no Cases item.
    expect(
      labels(portalNav({ ...admin, permissions: { ...NO_ADMIN_PERMISSIONS, canOpenFiles: true } })),
    ).toEqual(['Dashboard', 'Cases', 'Appointments', 'Messages', 'Clients']);
    // Clients needs canAdmitClients, canOpenFiles or canManageCases; Enquiries canAdmitClients or
    // canScheduleAppointments.
    expect(labels(portalNav(admin))).toEqual(['Dashboard', 'Appointments', 'Messages']);
    expect(
      labels(
        portalNav({ ...admin, permissions: { ...NO_ADMIN_PERMISSIONS, canAdmitClients: true } }),
      ),
    ).toEqual(['Dashboard', 'Appointments', 'Messages', 'Clients', 'Enquiries']);
    expect(labels(portalNav(advocate))).toEqual([
      'Dashboard',
      'Cases',
      'Appointments',
      'Messages',
      'Billing',
      'Clients',
      'Enquiries',
      'Reports',
      'Admin Management',
      'System Settings',
    ]);
    // The desktop bar groups Reports and the two advocate-only items, consecutive so that one
    // disclosure holds them, and the ten fit one line from 1024 px.
    expect(
      portalNav(advocate)
        .filter((link) => link.group === 'Administration')
        .map((link) => link.label),
    ).toEqual(['Reports', 'Admin Management', 'System Settings']);
    expect(labels(portalNav(advocate)).slice(-3)).toEqual([
      'Reports',
      'Admin Management',
      'System Settings',
    ]);
    // Reports needs canAccessReports: such an admin finds it in the group, alone.
    expect(
      portalNav({ ...admin, permissions: { ...NO_ADMIN_PERMISSIONS, canAccessReports: true } }),
    ).toEqual([
      { label: 'Dashboard', to: '/dashboard' },
      { label: 'Appointments', to: '/appointments' },
      { label: 'Messages', to: '/messages' },
      { label: 'Reports', to: '/reports', group: 'Administration' },
    ]);
    expect(portalNav(advocate).find((link) => link.label === 'Enquiries')).toEqual({
      label: 'Enquiries',
      to: '/enquiries',
      countPath: '/enquiries/new-count',
    });
  });

  it('offers Profile Settings to everyone, Client money to those who may see it and Admin Management to advocates in the user menu', () => {
    expect(labels(portalUserMenu(client))).toEqual(['Client money', 'Profile Settings']);
    expect(labels(portalUserMenu(admin))).toEqual(['Profile Settings']);
    expect(
      labels(
        portalUserMenu({
          ...admin,
          permissions: { ...NO_ADMIN_PERMISSIONS, canManageCases: true },
        }),
      ),
    ).toEqual(['Client money', 'Profile Settings']);
    expect(portalUserMenu(advocate)).toEqual([
      { label: 'Client money', to: '/client-money', icon: 'receipt' },
      { label: 'Profile Settings', to: '/profile', icon: 'user-cog' },
      { label: 'Admin Management', to: '/admin-management', icon: 'shield' },
    ]);
  });

  it('shows a dashboard tile only for what the person may use', () => {
    expect(labels(portalDashboardTiles(client))).toEqual([
      'My Cases',
      'Appointments',
      'Messages',
      'Billing',
      'Client money',
      'Profile Settings',
    ]);
    expect(portalDashboardTiles(advocate).map((tile) => tile.to)).toContain('/system-settings');
    expect(portalDashboardTiles(advocate)).toContainEqual(
      expect.objectContaining({ label: 'Reports', to: '/reports', icon: 'chart' }),
    );
    expect(portalDashboardTiles(admin).map((tile) => tile.to)).not.toContain('/admin-management');
    expect(portalDashboardTiles(admin).map((tile) => tile.to)).not.toContain('/reports');
  });

  it('matches route patterns segment by segment', () => {
    expect(matchesPathPattern('/cases/:id', '/cases/3f2a')).toBe(true);
    expect(matchesPathPattern('/cases/:id', '/cases/3f2a/')).toBe(true);
    expect(matchesPathPattern('/cases/:id', '/cases')).toBe(false);
    expect(matchesPathPattern('/cases/:id', '/cases/3f2a/notes')).toBe(false);
    expect(matchesPathPattern('/cases', '/casesx')).toBe(false);
    const features: PortalFeature[] = [
      { screen: 'cases/cases', paths: ['/cases', '/cases/:id'], access: 'signed-in' },
    ];
    expect(findPortalFeature('/cases/abc', features)?.screen).toBe('cases/cases');
    expect(findPortalFeature('/cases/abc/def', features)).toBeUndefined();
  });

  it('tells the server which paths are the app shell: every path of every feature', () => {
    for (const feature of PORTAL_FEATURES as readonly PortalFeature[]) {
      for (const path of feature.paths) expect(isAppShellPath(path), path).toBe(true);
    }
    expect(isAppShellPath('/dashboard/')).toBe(true);
    expect(isAppShellPath('/no/such/page')).toBe(false);
    expect(isAppShellPath('/about')).toBe(false);
  });

  it('lets signed-out pages open only signed out, and signed-in pages only as can() allows', () => {
    const byScreen = (screen: string) =>
      (PORTAL_FEATURES as readonly PortalFeature[]).find((feature) => feature.screen === screen)!;
    expect(mayOpen(null, byScreen('auth/login'))).toBe(true);
    expect(mayOpen(client, byScreen('auth/login'))).toBe(false);
    expect(mayOpen(null, byScreen('appointments/appointments'))).toBe(true);
    expect(mayOpen(null, byScreen('dashboard/dashboard'))).toBe(false);
    expect(mayOpen(client, byScreen('clients/clients'))).toBe(false);
    expect(mayOpen(admin, byScreen('clients/clients'))).toBe(false);
    expect(
      mayOpen(
        { ...admin, permissions: { ...NO_ADMIN_PERMISSIONS, canManageCases: true } },
        byScreen('clients/clients'),
      ),
    ).toBe(true);
    expect(mayOpen(admin, byScreen('users/admin-management'))).toBe(false);
    // Reports: advocates, and admins holding canAccessReports; never a client.
    expect(mayOpen(advocate, byScreen('reports/reports'))).toBe(true);
    expect(mayOpen(admin, byScreen('reports/reports'))).toBe(false);
    expect(
      mayOpen(
        { ...admin, permissions: { ...NO_ADMIN_PERMISSIONS, canAccessReports: true } },
        byScreen('reports/reports'),
      ),
    ).toBe(true);
    expect(mayOpen(client, byScreen('reports/reports'))).toBe(false);
    expect(mayOpen({ ...advocate, isActive: false }, byScreen('dashboard/dashboard'))).toBe(false);
  });

  it('names every path once', () => {
    const paths = (PORTAL_FEATURES as readonly PortalFeature[]).flatMap((feature) => feature.paths);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
