import { describe, expect, it } from 'vitest';
import { ACTIONS, NO_ADMIN_PERMISSIONS, can, mayResendInvitation, ruleAllows } from './permissions';
import { DENIED_TEXTS } from './permission-texts';

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

  it('opens Clients to admins who admit clients, open files or manage cases, and no other', () => {
    const withOnly = (key: keyof typeof NO_ADMIN_PERMISSIONS) => ({
      role: 'admin' as const,
      permissions: { ...NO_ADMIN_PERMISSIONS, [key]: true },
    });
    expect(can(withOnly('canOpenFiles'), 'clients:view')).toBe(true);
    expect(can(withOnly('canManageCases'), 'clients:view')).toBe(true);
    expect(can(withOnly('canScheduleAppointments'), 'clients:view')).toBe(false);
    expect(can({ role: 'admin', permissions: NO_ADMIN_PERMISSIONS }, 'clients:view')).toBe(false);
    expect(can(withOnly('canScheduleAppointments'), 'enquiries:view')).toBe(true);
    expect(can(withOnly('canAdmitClients'), 'enquiries:view')).toBe(true);
    expect(can(withOnly('canOpenFiles'), 'enquiries:view')).toBe(false);
    expect(can({ role: 'client' }, 'enquiries:view')).toBe(false);
  });

  it('keeps clients to their own portal pages', () => {
    expect(can({ role: 'client' }, 'cases:view')).toBe(true);
    expect(can({ role: 'client' }, 'cases:create')).toBe(false);
    expect(can({ role: 'client' }, 'clients:view')).toBe(false);
  });

  it('opens every conversation to advocates and canOpenFiles admins, filing to canUploadFiles', () => {
    const admin = (toggles: Partial<typeof NO_ADMIN_PERMISSIONS>) => ({
      role: 'admin' as const,
      permissions: { ...NO_ADMIN_PERMISSIONS, ...toggles },
    });
    expect(can({ role: 'advocate' }, 'messages:all')).toBe(true);
    expect(can(admin({ canOpenFiles: true }), 'messages:all')).toBe(true);
    expect(can(admin({ canUploadFiles: true }), 'messages:all')).toBe(false);
    expect(can(admin({}), 'messages:view')).toBe(true);
    expect(can(admin({ canUploadFiles: true }), 'messages:file')).toBe(true);
    expect(can(admin({ canOpenFiles: true }), 'messages:file')).toBe(false);
    expect(can({ role: 'client', id: 'c1' }, 'messages:view', { clientId: 'c1' })).toBe(true);
    expect(can({ role: 'client', id: 'c1' }, 'messages:view', { clientId: 'c2' })).toBe(false);
    expect(can({ role: 'client' }, 'messages:all')).toBe(false);
    expect(can({ role: 'client' }, 'messages:file')).toBe(false);
  });

  it('lets those who may see clients start a conversation, and a client only their own', () => {
    const admin = (toggles: Partial<typeof NO_ADMIN_PERMISSIONS>) => ({
      role: 'admin' as const,
      permissions: { ...NO_ADMIN_PERMISSIONS, ...toggles },
    });
    expect(can({ role: 'advocate' }, 'messages:start')).toBe(true);
    expect(can(admin({}), 'messages:start')).toBe(false);
    expect(
      can(admin({ canUploadFiles: true, canScheduleAppointments: true }), 'messages:start'),
    ).toBe(false);
    for (const toggle of ['canAdmitClients', 'canOpenFiles', 'canManageCases'] as const) {
      expect(can(admin({ [toggle]: true }), 'messages:start')).toBe(true);
    }
    expect(can({ role: 'client', id: 'c1' }, 'messages:start', { clientId: 'c1' })).toBe(true);
    expect(can({ role: 'client', id: 'c1' }, 'messages:start', { clientId: 'c2' })).toBe(false);
  });

  it('refuses visitors and deactivated accounts', () => {
    expect(can(null, 'dashboard:view')).toBe(false);
    expect(can({ role: 'advocate', isActive: false }, 'dashboard:view')).toBe(false);
  });
});

describe('can() on a record', () => {
  const client = { id: 'c1', role: 'client' as const };

  it('lets a client open their own case and not another client’s', () => {
    expect(can(client, 'cases:view', { clientId: 'c1' })).toBe(true);
    expect(can(client, 'cases:view', { clientId: 'c2' })).toBe(false);
    expect(can({ role: 'client' }, 'cases:view', { clientId: 'c1' })).toBe(false);
    // Without a record: may list their own (the server scopes the list).
    expect(can(client, 'cases:view')).toBe(true);
  });

  it('still needs the right itself: a client never manages a case, even their own', () => {
    expect(can(client, 'cases:manage', { clientId: 'c1' })).toBe(false);
  });

  it('lets staff do what their role and toggles allow, whoever owns the record', () => {
    const admin = { id: 'a1', role: 'admin' as const, permissions: { canManageCases: true } };
    expect(can(admin, 'cases:manage', { clientId: 'c9', assigneeId: 'someone' })).toBe(true);
    expect(can({ id: 'v1', role: 'advocate' as const }, 'cases:manage', { clientId: 'c9' })).toBe(
      true,
    );
  });

  it('reads a list of rules as "any of": the record\'s own client, or an admin with the toggle', () => {
    const rule = ['own', 'canOpenFiles'] as const;
    const admin = { id: 'a1', role: 'admin' as const, permissions: {} };
    expect(ruleAllows(rule, admin, { clientId: 'a1' })).toBe(true);
    expect(ruleAllows(rule, admin, { clientId: 'a2' })).toBe(false);
    expect(
      ruleAllows(rule, { ...admin, permissions: { canOpenFiles: true } }, { clientId: 'a2' }),
    ).toBe(true);
  });

  it('words every refusal: each action has its own denied text', () => {
    for (const action of ACTIONS) expect(DENIED_TEXTS[action], action).toMatch(/\S/);
  });
});

describe('who may resend an invitation (ADR 024)', () => {
  const invitee = (role: 'admin' | 'client' | 'advocate', lastLogin: string | null = null) => ({
    role,
    isActive: true,
    lastLogin,
  });
  const admitter = { role: 'admin' as const, permissions: { canAdmitClients: true } };
  it('advocates for admins and clients; admins who admit clients for clients only', () => {
    expect(mayResendInvitation({ role: 'advocate' }, invitee('admin'))).toBe(true);
    expect(mayResendInvitation({ role: 'advocate' }, invitee('client'))).toBe(true);
    expect(mayResendInvitation(admitter, invitee('client'))).toBe(true);
    expect(mayResendInvitation(admitter, invitee('admin'))).toBe(false);
    expect(mayResendInvitation({ role: 'admin', permissions: {} }, invitee('client'))).toBe(false);
    expect(mayResendInvitation({ role: 'client' }, invitee('client'))).toBe(false);
  });
  it('only while the account is active and has never signed in, and never an advocate', () => {
    expect(mayResendInvitation({ role: 'advocate' }, invitee('client', '2026-11-01'))).toBe(false);
    expect(
      mayResendInvitation({ role: 'advocate' }, { ...invitee('client'), isActive: false }),
    ).toBe(false);
    expect(mayResendInvitation({ role: 'advocate' }, invitee('advocate'))).toBe(false);
  });
});
