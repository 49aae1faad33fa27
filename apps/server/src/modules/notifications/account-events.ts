import type { DomainEventBus, DomainEventHandler } from '../../lib/domain-events';
import { notifyAdvocateAwaitingVerification } from './notify-events';

const tellVerifiers: DomainEventHandler<'advocateAwaitingVerification'> = (tx, event) =>
  notifyAdvocateAwaitingVerification(tx, event.user);

/** What the bell does when an account changes; subscribed when the app is built (once per process). */
export function followAccountEvents(events: DomainEventBus): void {
  events.on('advocateAwaitingVerification', tellVerifiers);
}
