import { SIGN_IN_DEVICE_TEXTS as T, secondFactorRequired } from '@firm/shared';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { writeAudit } from '../audit/audit-log.repository';
import { queueDelivery } from '../deliveries/deliveries.repository';
import { PORTAL_ORIGIN } from '../deliveries/outbox';
import { lockUserRow, updateUser } from '../users/users.repository';
import { revokeCalendarFeedOf } from './calendar-feed-access.repository';
import { vouchedSignInAt } from '../sign-in-devices/sign-in-devices.repository';
import {
  deleteRecoveryCodes,
  deleteSecondFactorsAddedAfter,
} from '../two-factor/two-factor.repository';
import { hasSecondFactor } from '../two-factor/two-factor.service';

/** What was taken back: `removed` says which second factors went. */
export interface TakenBack {
  removed: 'none' | 'since' | 'all';
  feedTurnedOff: boolean;
  /** The owner's email saying so, to dispatch once the transaction has committed; or null. */
  deliveryId: string | null;
  /** The sentences for the screen, after its own (empty when nothing went). */
  sentences: string[];
}

/**
 * Securing an account from a sign-in alert, or resetting its password by email (ADR 037,
 * "Sign-in alerts"), takes back in `tx` what someone else signed in with the password may have
 * left: the calendar feed's address stops (the owner makes a new one), and the second factors
 * added since the sign-in the owner can vouch for (the one before an alerted sign-in) go, all of
 * them when that sign-in is not known. With no alert kept, no sign-in came from a new device and
 * the second factors stay: an emailed link alone must never strip them (the mailbox is the
 * password's own recovery route). Staff left without one set one up before anything else.
 */
export async function takeBackIntrudersAccess(
  tx: Executor,
  user: UserRow,
  via: 'secure' | 'reset',
  meta: { ip: string },
  now: Date,
): Promise<TakenBack> {
  await lockUserRow(tx, user.id);
  const feedTurnedOff = await revokeCalendarFeedOf(tx, user.id);
  const vouched = await vouchedSignInAt(tx, user.id);
  let removed: TakenBack['removed'] = 'none';
  if (vouched !== undefined) {
    const gone = await deleteSecondFactorsAddedAfter(tx, user.id, vouched);
    if (gone.totp || gone.passkeys > 0 || gone.recoveryCodes > 0) {
      removed = vouched === null ? 'all' : 'since';
      if (!(await hasSecondFactor(tx, user.id))) {
        // Codes alone finish no sign-in; staff set up a new factor at once (no second grace).
        await deleteRecoveryCodes(tx, user.id);
        if (secondFactorRequired(user)) await updateUser(tx, user.id, { twoFactorDueAt: now });
      }
    }
  }
  const sentences = [
    ...(removed === 'since' ? [T.factorsRemovedSince] : []),
    ...(removed === 'all' ? [T.factorsRemovedAll] : []),
    ...(feedTurnedOff ? [T.feedTurnedOff] : []),
  ];
  if (sentences.length === 0) return { removed, feedTurnedOff, deliveryId: null, sentences };
  await writeAudit(tx, {
    actorId: user.id,
    action: 'account.access_taken_back',
    targetUserId: user.id,
    ip: meta.ip,
    details: { via, removed, feedTurnedOff },
  });
  const deliveryId = await queueDelivery(tx, {
    channel: 'email',
    kind: 'account_access_taken_back',
    to: user.email,
    subject: T.cleanupSubject,
    text: T.cleanupBody({
      firstName: user.firstName,
      at: now,
      sentences,
      link: `${PORTAL_ORIGIN}/login`,
    }),
  });
  return { removed, feedTurnedOff, deliveryId, sentences };
}
