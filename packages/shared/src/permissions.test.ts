import { describe, expect, it } from 'vitest';
import { NO_ADMIN_PERMISSIONS, can } from './permissions';

describe('can()', () => {
  it('lets an advocate do everything, including admin management', () => {
    expect(can({ role: 'advocate' }, 'admins:manage')).toBe(true);
    expect(can({ role: 'advocate' }, 'reports:view')).toBe(true);
  });

  it('gives an admin what their toggles allow and nothing else', () => {
    const admin = {
      role: 'admin' as const,
      permissions: { ...NO_ADMIN_PERMISSIONS, canAdmitClients: true },
    };
    expect(can(admin, 'clients:admit')).toBe(true);
    expect(can(admin, 'cases:create')).toBe(false);
    expect(can(admin, 'clients:view')).toBe(true);
    expect(can(admin, 'admins:manage')).toBe(false);
  });

  it('keeps clients to their own portal pages', () => {
    expect(can({ role: 'client' }, 'cases:view')).toBe(true);
    expect(can({ role: 'client' }, 'cases:create')).toBe(false);
    expect(can({ role: 'client' }, 'clients:view')).toBe(false);
  });

  it('refuses visitors and deactivated accounts', () => {
    expect(can(null, 'dashboard:view')).toBe(false);
    expect(can({ role: 'advocate', isActive: false }, 'dashboard:view')).toBe(false);
  });
});
