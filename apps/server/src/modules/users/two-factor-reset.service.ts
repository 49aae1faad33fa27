import {
  TWO_FACTOR_TEXTS,
  USER_MANAGEMENT_MESSAGES as M,
  secondFactorRequired,
} from '@firm/shared';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { assertCan } from '../../lib/permissions';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import { hasSecondFactor } from '../two-factor/two-factor.service';
import { deleteSecondFactor } from '../two-factor/two-factor.repository';
import { queueDelivery } from '../deliveries/deliveries.repository';
import { assertNotSelf, withTarget } from './target-account';
import { updateUser } from './users.repository';
import type { UserManagementDeps } from './user-management-deps';

/**
 * An advocate turns off someone's second factor, for a lost phone (ADR 037): their key and
 * recovery codes go; a client signs in with their password until they set it up again, staff set
 * up a new one at once (nothing else opens to them meanwhile); and they are
 * emailed (in the same transaction, through the outbox) so a reset they did not ask for is seen.
 */
export async function resetTwoFactor(
  deps: UserManagementDeps,
  actor: UserRow,
  id: string,
  meta: RequestMeta,
): Promise<void> {
  assertCan(actor, 'users:manage');
  assertNotSelf(actor, id, M.cannotResetOwnTwoFactor, 'CANNOT_RESET_OWN_TWO_FACTOR');
  const deliveryId = await withTarget(deps, id, async (tx, target) => {
    if (!(await hasSecondFactor(tx, target.id))) {
      throw AppError.conflict(TWO_FACTOR_TEXTS.notSetUp, 'TWO_FACTOR_NOT_ON');
    }
    await deleteSecondFactor(tx, target.id);
    // Staff set up a new one before anything else: no second grace for a lost phone.
    const mustSetUp = secondFactorRequired(target);
    if (mustSetUp) await updateUser(tx, target.id, { twoFactorDueAt: new Date() });
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'two_factor.reset',
      targetUserId: target.id,
      ip: meta.ip,
      details: { email: target.email, role: target.role },
    });
    return queueDelivery(tx, {
      channel: 'email',
      kind: 'two_factor_reset',
      to: target.email,
      subject: 'Your two-factor sign-in was turned off: Mwamba & Associates Advocates',
      text: [
        `Hello ${target.firstName},`,
        '',
        `${actor.firstName} ${actor.lastName} turned off the two-factor sign-in of your account at Mwamba & Associates Advocates.`,
        mustSetUp
          ? 'The firm requires it of staff: you will set it up again, with your new phone, as soon as you next sign in:'
          : 'You now sign in with your password alone. Set it up again from Profile Settings, Two-factor sign-in:',
        '',
        `${deps.publicUrl}${mustSetUp ? '/login' : '/profile'}`,
        '',
        'If you did not ask the firm for this, call us at once and change your password.',
      ].join('\n'),
    });
  });
  await deps.outbox.dispatch(deliveryId);
}
