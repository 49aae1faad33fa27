import { NOTIFICATION_TEXTS as T, can, deliveryKindLabel } from '@firm/shared';
import type { DomainEventBus, DomainEventHandler } from '../../lib/domain-events';
import { notify } from '../notifications/notifications.service';
import { activeStaff } from '../users/users.repository';
import { maskRecipient } from './delivery-log.service';

/**
 * Messages sent to addresses nobody has proven (a visitor's booking to confirm, the contact
 * form's automatic reply): a typo or a stranger's address fails there, and nobody at the firm can
 * act on it, so it is not announced. Everything else reached, or should have reached, someone the
 * firm deals with.
 */
const UNANNOUNCED = new Set(['appointment_hold', 'contact_auto_reply', 'test_sms']);

/**
 * When an email or a text fails for good (refused, or 24 hours of retries spent), the advocates
 * hear of it in the bell, with what it was, to whom (masked) and the provider's reason, and a link
 * to Deliveries: a client who must not miss a court date is then called instead (ADR 028).
 */
const tellAdvocates: DomainEventHandler<'deliveryFailed'> = async (tx, failure) => {
  if (UNANNOUNCED.has(failure.kind)) return;
  const advocates = (await activeStaff(tx)).filter((user) => can(user, 'settings:view'));
  await notify(tx, advocates, {
    kind: 'delivery_failed',
    type: 'warning',
    title: T.deliveryFailed.title,
    message: T.deliveryFailed.message(
      deliveryKindLabel(failure.kind),
      failure.channel,
      maskRecipient(failure),
      failure.reason,
    ),
    actionUrl: '/system-settings?tab=deliveries&deliveries.status=failed',
    maySee: (user) => can(user, 'settings:view'),
  });
};

/** Subscribed when the app is built (once per process: the same handler twice changes nothing). */
export function followDeliveryFailures(events: DomainEventBus): void {
  events.on('deliveryFailed', tellAdvocates);
}
