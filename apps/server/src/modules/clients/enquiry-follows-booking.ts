import type { EnquiryStatus } from '@firm/shared';
import type { Executor } from '../../db/client';
import type { AppointmentRow } from '../../db/schema';
import { lockEnquiryState, updateEnquiryState } from './enquiries.repository';

/** Where a visitor's booking moves in the inbox when the diary acts on it. */
const FOLLOWS = {
  confirmed: 'in_progress',
  completed: 'closed',
  cancelled: 'closed',
} as const satisfies Record<string, EnquiryStatus>;

/**
 * An enquiry follows its booking (ADR 018): a visitor's booking confirmed in the diary is being
 * dealt with, and one completed or cancelled is closed, so the inbox never shows as "New" a
 * booking the firm already answered. A status only moves forward: a closed enquiry stays closed,
 * and one someone already picked up is not moved back. Runs in the diary's own transaction.
 */
export async function enquiryFollowsBooking(
  tx: Executor,
  booking: Pick<AppointmentRow, 'id' | 'visitorTokenHash' | 'holdExpiresAt'>,
  event: keyof typeof FOLLOWS,
  actorId: string | null,
): Promise<void> {
  // Only a visitor's booking the visitor confirmed from the email is in the inbox (ADR 022).
  if (!booking.visitorTokenHash || booking.holdExpiresAt) return;
  const state = await lockEnquiryState(tx, 'booking', booking.id);
  const next = FOLLOWS[event];
  if (state.status === next || state.status === 'closed') return;
  await updateEnquiryState(tx, state.id, {
    status: next,
    changedById: actorId,
    changedAt: new Date(),
  });
}
