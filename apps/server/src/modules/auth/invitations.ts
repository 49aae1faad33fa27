import { FIRM_IDENTITY, INVITATION_HOURS, isAdminAccount, isClientAccount } from '@firm/shared';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { generateToken, hashToken } from '../../lib/tokens';
import { queueDelivery } from '../deliveries/deliveries.repository';
import { insertResetToken, spendUserResetTokens } from './password-reset.repository';

/**
 * Invitations (ADR 024): a new admin or client gets an email from the firm, naming who
 * added them, with a link to choose their own password. The link is a password-reset token of
 * kind 'invitation': single use, 72 hours, stored as SHA-256 only, and spent by any password
 * change (replace-password.ts). The temporary password shown to whoever created the account stays
 * (for handing over in person, docs/product-rules.md#user-management) and is never put in an email.
 */

export const INVITATION_MS = INVITATION_HOURS * 60 * 60 * 1000;

/** Who is invited by email; an advocate added by a colleague keeps the temporary password only. */
export const isInvitable = (user: Pick<UserRow, 'role'>): boolean =>
  isAdminAccount(user) || isClientAccount(user);

/**
 * Stores a fresh invitation for `userId` in the caller's transaction and returns the link to
 * email. `replace`: the invitations sent before stop working (a resend); otherwise they stay, so
 * the welcome email still works after a case-opened email carried another link.
 */
export async function issueInvitation(
  tx: Executor,
  userId: string,
  publicUrl: string,
  options: { replace?: boolean; now?: Date } = {},
): Promise<string> {
  if (options.replace) await spendUserResetTokens(tx, userId, 'invitation');
  const token = generateToken();
  const now = options.now ?? new Date();
  await insertResetToken(tx, {
    userId,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + INVITATION_MS),
    kind: 'invitation',
  });
  // In the fragment: the browser never sends it, so the token reaches no server or proxy log.
  return invitationLink(publicUrl, token);
}

export const invitationLink = (publicUrl: string, token: string) =>
  `${publicUrl}/welcome#token=${encodeURIComponent(token)}`;

/** The lines that carry the link, shared by the welcome email and a case-opened email. */
export function invitationLines(link: string): string[] {
  return [
    `To choose your own password and sign in, open this link within ${INVITATION_HOURS} hours:`,
    '',
    link,
    '',
    'The link works once. If it has expired, ask the firm to send you a new one.',
  ];
}

export interface WelcomeEmail {
  invitee: Pick<UserRow, 'email' | 'firstName' | 'role'>;
  invitedBy: Pick<UserRow, 'firstName' | 'lastName'>;
  link: string;
}

/**
 * Writes the welcome email to the outbox in the account's (or the resend's) transaction; returns
 * its delivery id, for the caller to dispatch once that transaction has committed (ADR 028).
 */
export async function queueWelcomeEmail(tx: Executor, mail: WelcomeEmail): Promise<string> {
  const { invitee, invitedBy, link } = mail;
  const what = isAdminAccount(invitee)
    ? `an administrator account at ${FIRM_IDENTITY.name}`
    : `an account in the client portal of ${FIRM_IDENTITY.name}, where you can follow your matters, documents and appointments`;
  return queueDelivery(tx, {
    channel: 'email',
    kind: 'invitation',
    isConfidential: true,
    to: invitee.email,
    subject: `Welcome to ${FIRM_IDENTITY.name}: choose your password`,
    text: [
      `Dear ${invitee.firstName},`,
      '',
      `${invitedBy.firstName} ${invitedBy.lastName} has opened ${what}.`,
      '',
      ...invitationLines(link),
      '',
      `If you did not expect this email, call us on ${FIRM_IDENTITY.phone}.`,
      '',
      FIRM_IDENTITY.name,
    ].join('\n'),
  });
}
