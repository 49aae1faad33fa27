/**
 * User-facing texts of SPEC sections 5 and 8, word for word. Screens and the server read them from
 * here so that a wording change happens in one place.
 */
export const MESSAGES = {
  genericError: 'An error occurred',
  serverError: 'Something went wrong on our side. Please try again in a moment.',
  notFound: 'Not found',
  routeNotFound: 'The requested resource was not found',
  malformedJson: 'The request body is not valid JSON',
  tooManyRequests: 'Too many requests. Please try again later.',
  tooManyRequestsRetryIn: (seconds: number) =>
    `Too many requests. Please try again in ${seconds} seconds.`,
  validationFailed: 'Please correct the highlighted fields',
  signInRequired: 'Please sign in to continue',
  pageNotFound: 'Page Not Found',
  unexpectedApplicationError: 'Unexpected Application Error!',

  contactSuccess: 'Thank you for your message! We will get back to you within 24 hours.',

  // Accounts: what every page may need (the header's sign-out, an expired session).
  logoutSuccess: 'Logged out successfully',
  passwordChangeRequired: 'Please change your password to continue',
  forbidden: 'You do not have permission to do this',
  sessionExpired: 'Your session has expired. Please sign in again.',

  // User and admin management (SPEC sections 2, 4 and 8, plus our own texts where it shows none).
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
  adminManagementAccessDenied: 'Access Denied: Only advocates (super admins) can access this page.',
  userNotFound: 'User not found',
  adminNotFound: 'Admin not found',
  invalidUserId: 'Invalid user id',
  permissionsIncomplete: 'Each of the six permissions must be set to true or false',
  cannotDeactivateSelf: 'You cannot deactivate your own account',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotResetOwnPassword: 'You cannot reset your own password here. Use Change Password instead.',
  lastActiveAdvocate:
    'This is the last active advocate account. Verify or activate another advocate first.',
  advocatePendingUseVerify: 'This advocate has not been verified yet. Verify the account instead.',
  onlyPendingAdvocatesVerified: 'Only an advocate account awaiting verification can be verified',

  // The Admin Overview tab's own toasts (SPEC section 8, "Local admin screen").
  overviewAdminCreated: 'Admin created successfully!',
  overviewAdminStatusUpdated: 'Admin status updated successfully!',
  overviewAdminDeleted: 'Admin deleted successfully!',
  overviewCreateAdminFailed: 'Failed to create admin',
  overviewUpdateStatusFailed: 'Failed to update admin status',
  overviewDeleteAdminFailed: 'Failed to delete admin',

  // User management failure toasts, used when the server gives no message (SPEC section 8).
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

/** The browser confirmations of SPEC section 4, word for word. */
export const CONFIRMATIONS = {
  deactivateUser: 'Are you sure you want to deactivate this user?',
  deleteUser:
    'Are you sure you want to permanently delete this user? This action cannot be undone.',
  deleteAdmin: 'Are you sure you want to delete this admin? This action cannot be undone.',
} as const;

export const VALIDATION = {
  emailRequired: 'Email is required',
  emailInvalid: 'Invalid email address',
  passwordRequired: 'Password is required',
  passwordMinLogin: 'Password must be at least 6 characters',
  passwordMinRegistration: 'Password must be at least 8 characters',
  passwordComplexity:
    'Password must contain at least one uppercase letter, one lowercase letter, and one number',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone number is required',
  phoneInvalid: 'Invalid phone number',
  licenseNumberRequired: 'License number is required',
  experienceRequired: 'Experience is required',
  experienceNegative: 'Experience cannot be negative',
  experienceWhole: 'Experience must be a whole number of years',
  educationRequired: 'Education background is required',
  barAdmissionRequired: 'Bar admission details are required',
  confirmPasswordRequired: 'Please confirm your password',
  passwordsDoNotMatch: 'Passwords do not match',
  termsRequired: 'You must accept the terms and conditions',
  specializationRequired: 'At least one specialization is required',
  superKeyRequired: 'Super key is required',
  currentPasswordRequired: 'Current password is required',
  newPasswordSameAsCurrent: 'The new password must be different from the current one',
  resetTokenRequired: 'The reset link is missing its token',

  contactNameRequired: 'Full name is required',
  contactSubjectRequired: 'Subject is required',
  contactMessageRequired: 'Message is required',
  contactUrgencyInvalid: 'Please choose an urgency level',
  contactConsentRequired: 'Please agree to the privacy notice so we can reply to you',
  tooLong: (max: number) => `Must be at most ${max} characters`,
} as const;
