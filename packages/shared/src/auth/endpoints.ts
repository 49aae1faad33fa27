import { defineEndpoints } from '../common/endpoints';

/** Registration, sign-in, the session and passwords: where each endpoint is; shapes in contract.ts. */
export const AUTH_ENDPOINTS = defineEndpoints({
  verifySuperKey: { method: 'POST', path: '/auth/verify-super-key' },
  registerAdvocate: { method: 'POST', path: '/auth/register' },
  signIn: { method: 'POST', path: '/auth/login' },
  signInSecondStep: { method: 'POST', path: '/auth/login/2fa' },
  signedInUser: { method: 'GET', path: '/auth/me' },
  signOut: { method: 'POST', path: '/auth/logout' },
  forgotPassword: { method: 'POST', path: '/auth/forgot-password' },
  resetPassword: { method: 'POST', path: '/auth/reset-password' },
  acceptInvitation: { method: 'POST', path: '/auth/accept-invitation' },
  changePassword: { method: 'POST', path: '/auth/change-password' },
});
