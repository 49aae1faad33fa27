import {
  NO_ADMIN_PERMISSIONS,
  type AdminPermissions,
  type ClientRead,
  type PublicUser,
} from '@firm/shared';

/** The people the web tests sign in as, as GET /auth/me answers them; override what a test needs. */
export function anAdvocate(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: '00000000-0000-4000-8000-000000000001',
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
    ...overrides,
  };
}

export function anAdmin(
  permissions: Partial<AdminPermissions> = {},
  overrides: Partial<PublicUser> = {},
): PublicUser {
  return anAdvocate({
    id: '00000000-0000-4000-8000-000000000002',
    firstName: 'Njeri',
    lastName: 'Mwangi',
    email: 'njeri@mwamba.test',
    role: 'admin',
    verificationStatus: undefined,
    permissions: { ...NO_ADMIN_PERMISSIONS, ...permissions },
    ...overrides,
  });
}

export function aClient(overrides: Partial<PublicUser> = {}): PublicUser {
  return anAdvocate({
    id: '00000000-0000-4000-8000-000000000003',
    firstName: 'Amani',
    lastName: 'Otieno',
    email: 'amani@example.test',
    role: 'client',
    verificationStatus: undefined,
    ...overrides,
  });
}

/** A client's record as GET /clients/:id answers it (no cases or appointments unless given). */
export function aClientRecord(
  client: Partial<ClientRead['client']> = {},
  rest: Partial<ClientRead> = {},
): ClientRead {
  return {
    success: true,
    client: {
      id: '00000000-0000-4000-8000-000000000003',
      firstName: 'Amani',
      lastName: 'Otieno',
      email: 'amani@example.test',
      phone: null,
      isActive: true,
      createdAt: '2026-01-01T00:00:00.000Z',
      lastLogin: null,
      openCases: 0,
      nextAppointment: null,
      mustChangePassword: false,
      pendingEmail: null,
      paymentReference: 'MW0003',
      ...client,
    },
    cases: [],
    appointments: [],
    ...rest,
  };
}
