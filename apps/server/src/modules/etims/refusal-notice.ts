import { ETIMS_TEXTS as T, can, isAdvocateAccount } from '@firm/shared';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { notify } from '../notifications/notifications.service';
import { activeStaff } from '../users/users.repository';

/** Who may retry a refused transmission: the advocates, who hold System Settings (ADR 049). */
const mayHear = (user: UserRow) => isAdvocateAccount(user) && can(user, 'settings:view');

/** KRA refused a transmission: each active advocate told in the bell, in the same transaction. */
export async function tellAdvocatesOfRefusal(
  tx: Executor,
  refusal: { feeNoteId: string; invcNo: number; attempt: number; number: string; message: string },
): Promise<void> {
  const advocates = (await activeStaff(tx)).filter(mayHear);
  await notify(tx, advocates, {
    kind: 'etims_refused',
    type: 'error',
    title: T.refusedNoticeTitle(refusal.number),
    message: T.refusedBecause(refusal.message),
    actionUrl: `/billing/${refusal.feeNoteId}`,
    dedupeKey: `etims-refused:${refusal.invcNo}:${refusal.attempt}`,
    maySee: mayHear,
  });
}

/**
 * KRA did not answer a transmission for 48 hours and its sending stopped: each active advocate
 * told in the bell once for that run of attempts (Retry starts another), in the same transaction.
 */
export async function tellAdvocatesOfFailure(
  tx: Executor,
  failure: { feeNoteId: string; invcNo: number; tryingSince: Date; number: string },
): Promise<void> {
  const advocates = (await activeStaff(tx)).filter(mayHear);
  await notify(tx, advocates, {
    kind: 'etims_failed',
    type: 'error',
    title: T.failedNoticeTitle(failure.number),
    message: T.failedMessage,
    actionUrl: `/billing/${failure.feeNoteId}`,
    dedupeKey: `etims-failed:${failure.invcNo}:${failure.tryingSince.getTime()}`,
    maySee: mayHear,
  });
}
