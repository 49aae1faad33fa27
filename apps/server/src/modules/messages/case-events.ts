import type { DomainEventBus, DomainEventHandler } from '../../lib/domain-events';
import { nameOnCaseConversations } from './messages.repository';

/** A new assignee is named on the case's conversations, so they reach whoever now runs it (ADR 020). */
const nameNewAssignee: DomainEventHandler<'caseAssigned'> = (tx, event) =>
  nameOnCaseConversations(tx, event.caseId, event.assigneeId, event.changedBy);

/** What messaging does when a case changes; subscribed when the app is built (once per process). */
export function followCaseEvents(events: DomainEventBus): void {
  events.on('caseAssigned', nameNewAssignee);
}
