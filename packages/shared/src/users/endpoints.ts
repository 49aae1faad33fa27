import { defineEndpoints } from '../common/endpoints';

/** User management (accounts made and run by the firm): where each endpoint is; shapes in contract.ts. */
export const USERS_ENDPOINTS = defineEndpoints({
  createAdmin: { method: 'POST', path: '/user-management/create-admin' },
  createClient: { method: 'POST', path: '/user-management/create-client' },
  createAdvocate: { method: 'POST', path: '/user-management/create-advocate' },
  listUsers: { method: 'GET', path: '/user-management/users' },
  updateAdminPermissions: { method: 'PUT', path: '/user-management/admin/:id/permissions' },
  deactivateUser: { method: 'PUT', path: '/user-management/user/:id/deactivate' },
  activateUser: { method: 'PUT', path: '/user-management/user/:id/activate' },
  verifyAdvocate: { method: 'PUT', path: '/user-management/user/:id/verify' },
  resetUserPassword: { method: 'PUT', path: '/user-management/user/:id/reset-password' },
  resetTwoFactor: { method: 'POST', path: '/user-management/user/:id/reset-two-factor' },
  resendInvitation: { method: 'POST', path: '/user-management/user/:id/resend-invitation' },
  deleteUser: { method: 'DELETE', path: '/user-management/user/:id' },
});
