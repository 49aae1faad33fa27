import { MESSAGES } from '../common/texts';

/**
 * The texts of user and admin management (the contract texts of docs/texts.md, plus our own where the
 * contract has none). A module of its own (not MESSAGES) so that public pages, which load MESSAGES, do
 * not download them.
 */
export const USER_MANAGEMENT_MESSAGES = {
  requiredFields: 'Please fill in all required fields',
  adminCreated: 'Admin created successfully',
  clientCreated: 'Client created successfully',
  userDeactivated: 'User deactivated successfully',
  userActivated: 'User activated successfully',
  userPasswordReset: 'Password reset successfully',
  userDeleted: 'User deleted successfully',
  adminPermissionsUpdated: 'Admin permissions updated successfully',
  advocateVerified: 'Advocate verified successfully',
  adminsAccessDenied: 'Access denied. Only advocates can manage admins.',
  clientsAccessDenied:
    'Access denied. Only advocates, and admins allowed to admit clients, can do this.',
  userManagementAccessDenied:
    'Access Denied - Only advocates (superusers) can access user management.',
  // Also what the route guard says (portal manifest), so it lives with the messages every page has.
  adminManagementAccessDenied: MESSAGES.adminManagementAccessDenied,
  userNotFound: 'User not found',
  adminNotFound: 'Admin not found',
  invalidUserId: 'Invalid user id',
  permissionsIncomplete: 'Each of the six permissions must be set to true or false',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotResetOwnPassword: 'You cannot reset your own password here. Use Change Password instead.',

  // Two-factor sign-in (ADR 037): an advocate turns off someone's second factor, for a lost phone.
  resetTwoFactor: 'Reset two-factor',
  resetTwoFactorConfirm: (name: string) =>
    `Turn off ${name}'s two-factor sign-in? They then sign in with their password alone until they set it up again, and we email them to say so. Do this only once you are sure it is them (a lost phone).`,
  twoFactorReset:
    'Two-factor sign-in turned off. They sign in with their password and set it up again in Profile Settings.',
  twoFactorResetFailed: 'Failed to reset two-factor sign-in',
  cannotResetOwnTwoFactor:
    'You cannot reset your own two-factor sign-in here. Turn it off in Profile Settings instead.',
  lastActiveAdvocate:
    'This is the last active advocate account. Verify or activate another advocate first.',
  advocatePendingUseVerify: 'This advocate has not been verified yet. Verify the account instead.',
  onlyPendingAdvocatesVerified: 'Only an advocate account awaiting verification can be verified',

  // Invitations (ADR 024): a new admin or client chooses their password from an email.
  notSignedInYet: 'Not signed in yet',
  /** An optional detail (the phone) left empty. */
  notGiven: 'Not given',
  resendInvitation: 'Resend invitation',
  invitationResent: 'Invitation sent again. The link sent before no longer works.',
  invitationNotNeeded:
    'This person has already signed in, or their account is not active: no invitation is sent.',
  onlyAdminsAndClientsInvited: 'Only admins and clients are invited by email',
  resendInvitationFailed: 'Failed to resend the invitation',
  invitationSentOnCreate: (email: string) =>
    `A welcome email with a link to choose a password was sent to ${email}.`,

  // Add Admin's temporary password: every rule the server applies, named before it refuses one.
  temporaryPasswordHint:
    'At least 8 characters, on one line. The admin must change this password when they first sign in.',
  generatePassword: 'Generate a strong password',
  passwordGenerated: 'A strong password is filled in and shown. Note it to give to the admin.',
  // The temporary password dialog's Copy Password.
  passwordCopied: 'Password copied to clipboard',
  passwordCopyFailed: 'Could not copy the password. Select it and copy it by hand.',

  // A tab's list of accounts, in the tab's plural noun ('admins', 'users').
  loadingAccounts: (many: string) => `Loading ${many}…`,
  noAccountsFound: (many: string) => `No ${many} found`,
  noAccountsCreated: (many: string) => `No ${many} have been created yet`,

  // The Admin Overview tab's own toasts (docs/texts.md, "Local admin screen").
  overviewAdminStatusUpdated: 'Admin status updated successfully!',
  overviewAdminDeleted: 'Admin deleted successfully!',
  overviewUpdateStatusFailed: 'Failed to update admin status',
  overviewDeleteAdminFailed: 'Failed to delete admin',

  // User management failure toasts, used when the server gives no message (docs/texts.md).
  fetchUsersFailed: 'Failed to fetch users',
  deactivateUserFailed: 'Failed to deactivate user',
  activateUserFailed: 'Failed to activate user',
  resetPasswordFailed: 'Failed to reset password',
  deleteUserFailed: 'Failed to delete user',
  createAdminFailed: 'Failed to create admin',
  createClientFailed: 'Failed to create client',
  updatePermissionsFailed: 'Failed to update permissions',
  verifyAdvocateFailed: 'Failed to verify advocate',
} as const;

/** The browser confirmations (docs/product-rules.md#states), contract texts word for word. */
export const CONFIRMATIONS = {
  deactivateUser: 'Are you sure you want to deactivate this user?',
  deleteUser:
    'Are you sure you want to permanently delete this user? This action cannot be undone.',
  deleteAdmin: 'Are you sure you want to delete this admin? This action cannot be undone.',
} as const;
