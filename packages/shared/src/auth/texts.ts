/**
 * The texts of the sign-in, registration and password screens (the contract texts of docs/texts.md,
 * plus our own where the contract has none). A module of its own (not MESSAGES) so that public pages, which load
 * MESSAGES, do not download them.
 */
export const AUTH_MESSAGES = {
  loginSuccess: 'Login successful!',
  loginFailed: 'Login failed',
  registrationSuccess: 'Registration successful!',
  registrationFailed: 'Registration failed',
  superKeyVerified: 'Super key verified! You can now complete advocate registration.',
  superKeyInvalid: 'Invalid super key. Contact system administrator.',
  /**
   * Ours: a wrong key while no advocate has registered yet. The first advocate owns the system,
   * so there is nobody to contact: say where the key is, as the README does (never the key, never
   * the server's own path), by where this server takes it from.
   */
  superKeyInvalidFirstStart: {
    file: "Invalid super key. No advocate has registered yet, so you are setting up the portal as its owner. The key was created when the server first started and is in the file advocate-super-key in the server's data folder (DATA_DIR/advocate-super-key). Open that file on the server, copy the key and try again.",
    environment:
      "Invalid super key. No advocate has registered yet, so you are setting up the portal as its owner. The key is the ADVOCATE_SUPER_KEY setting in the server's configuration. Copy it from there and try again.",
  },
  superKeyNotVerified: 'Please verify the super key first',
  advocateCreated: 'Advocate account created successfully!',
  registrationPending:
    'Registration received. An existing advocate must verify your account before you can sign in.',
  invalidCredentials: 'Invalid email or password',
  accountDeactivated: 'This account has been deactivated. Please contact the firm.',
  accountPendingVerification:
    'This advocate account is awaiting verification by an existing advocate. You can sign in once it is verified.',
  accountLocked: (minutes: number) =>
    `Too many failed sign-in attempts. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  emailTaken: 'An account with this email already exists',
  forgotPasswordSent:
    'If an account exists for that email, we have sent a link to reset the password. The link is valid for one hour.',
  resetTokenInvalid:
    'This password reset link is invalid or has expired. Please request a new one.',
  passwordResetDone: 'Your password has been reset. You can now sign in with your new password.',
  passwordChanged: 'Password changed successfully',
  currentPasswordWrong: 'Current password is incorrect',
  invitationInvalid:
    'This invitation link is invalid, already used or has expired. Please ask the firm to send you a new one.',
  invitationAccepted: 'Welcome! Your password is set and you are signed in.',

  // Ours: the screens' hints, busy buttons and the account's state.
  passwordRulesHint:
    'At least 8 characters, with an uppercase letter, a lowercase letter and a number.',
  signingIn: 'Signing in…',
  creatingAccount: 'Creating account…',
  verifyingSuperKey: 'Verifying…',
  superKeyVerifiedBadge: 'Super key verified',
  temporaryPasswordNotice:
    'You signed in with a temporary password. Choose your own password to continue.',
  awaitingVerificationHeading: 'Awaiting verification',
  /** Around the address the advocate registered with, shown in bold between the two. */
  onceVerifiedSignInWith: 'Once verified, sign in with',
  onceVerifiedPassword: 'and the password you chose.',
} as const;

/** How long the link in a welcome email works (ADR 024). */
export const INVITATION_HOURS = 72;

/** The page a welcome email's link opens (/welcome#token=…): the reset form with its own words. */
export const INVITATION_TEXTS = {
  pageTitle: 'Choose your password',
  intro:
    'Welcome to Mwamba & Associates Advocates. Choose the password you will use to sign in to the client portal.',
  submit: 'Set password and sign in',
  saving: 'Setting your password…',
  invalidHelp: 'Already chose a password? Sign in instead.',
} as const;
