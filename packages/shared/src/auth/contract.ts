import { defineContract } from '../common/contract';
import { loginSecondStepInputSchema } from '../two-factor/schemas';
import { AUTH_ENDPOINTS } from './endpoints';
import {
  authSessionSchema,
  changePasswordInputSchema,
  forgotPasswordInputSchema,
  loginInputSchema,
  passwordChangedSchema,
  publicUserSchema,
  registerInputSchema,
  resetPasswordInputSchema,
  successMessageSchema,
  verifySuperKeyInputSchema,
} from './schemas';

/** Registration, sign-in, the session and passwords: each endpoint's body and answer (ADR 044). */
export const authContract = defineContract(AUTH_ENDPOINTS, {
  verifySuperKey: {
    summary: 'Check the advocate registration key before showing the form',
    body: verifySuperKeyInputSchema,
    response: successMessageSchema,
  },
  // A later advocate is answered 202 with registrationPendingSchema (no session until an
  // advocate verifies them): the route declares that second answer (auth.routes.ts).
  registerAdvocate: {
    summary:
      'Register an advocate (super key required): 201 with a session for the first, 202 pending for later ones',
    body: registerInputSchema,
    response: authSessionSchema,
    status: 201,
  },
  // A second factor's challenge comes as the 401's body (challengeOrErrorSchema, auth.routes.ts).
  signIn: {
    summary:
      'Sign in: a session token and the user; with a second factor, 401 TWO_FACTOR_REQUIRED and a challenge',
    body: loginInputSchema,
    response: authSessionSchema,
  },
  signInSecondStep: {
    summary: "Sign in's second step: the challenge and a code from the app, or a recovery code",
    body: loginSecondStepInputSchema,
    response: authSessionSchema,
  },
  signedInUser: {
    summary: 'The signed-in user',
    response: publicUserSchema,
  },
  signOut: {
    summary: 'End this session',
    response: successMessageSchema,
  },
  forgotPassword: {
    summary: 'Email a password reset link (the same answer whether or not the account exists)',
    body: forgotPasswordInputSchema,
    response: successMessageSchema,
  },
  resetPassword: {
    summary: 'Set a new password with the emailed token; ends every session',
    body: resetPasswordInputSchema,
    response: successMessageSchema,
  },
  acceptInvitation: {
    summary:
      "Choose a password with a welcome email's invitation token (ADR 024); answers with a session",
    body: resetPasswordInputSchema,
    response: authSessionSchema,
  },
  changePassword: {
    summary: "Change the signed-in user's password; ends their other sessions",
    body: changePasswordInputSchema,
    response: passwordChangedSchema,
  },
});

export type AuthContract = typeof authContract;
