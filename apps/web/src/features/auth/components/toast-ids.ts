/**
 * One toast id per action: react-hot-toast replaces a toast that has the same id, so
 * the success of a retry takes the place of the error it answers instead of standing beside it
 * ("Invalid email or password" next to "Login successful!").
 */
export const AUTH_TOAST = {
  signIn: 'auth:sign-in',
  /** Verifying the super key, and the reminder to verify it before registering. */
  superKey: 'auth:super-key',
  register: 'auth:register',
  forgotPassword: 'auth:forgot-password',
  resetPassword: 'auth:reset-password',
  acceptInvitation: 'auth:accept-invitation',
  secureAccount: 'auth:secure-account',
  changePassword: 'auth:change-password',
} as const;
