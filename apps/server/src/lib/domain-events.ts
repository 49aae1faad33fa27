import type { Executor } from '../db/client';
import type { UserRow } from '../db/schema';

/**
 * What a module announces, inside its own transaction, for a module above it to act on: the
 * lower one then needs no import of the upper (the server's house, eslint.config.js). The upper
 * modules subscribe once, when the app is built (app.ts, on its own `app.domainEvents`); each handler runs in the announcer's
 * transaction, so its writes commit or roll back with the change that caused them.
 */
export interface DomainEvents {
  /** A new advocate registered and waits for an existing one to verify them (auth). */
  advocateAwaitingVerification: { user: UserRow };
  /** A case has a new assignee (cases). */
  caseAssigned: { caseId: string; assigneeId: string; changedBy: string };
  /** An email or SMS failed for good: refused, or 24 hours of retries spent (deliveries). */
  deliveryFailed: {
    id: string;
    channel: 'email' | 'sms';
    kind: string;
    recipient: string;
    reason: string;
  };
  /**
   * A fee note's client email is due (etims, ADR 049): KRA has answered (`signed`), or 24 hours
   * passed without an answer (`provisional`), or KRA answered after the provisional one went
   * (`signed_after_provisional`). Announced once per moment, claimed on the transmission row.
   */
  feeNoteEmailDue: {
    feeNoteId: string;
    copy: 'signed' | 'provisional' | 'signed_after_provisional';
  };
}

type EventName = keyof DomainEvents;
export type DomainEventHandler<K extends EventName> = (
  tx: Executor,
  event: DomainEvents[K],
) => Promise<void>;

/**
 * One app's subscriptions (`app.domainEvents`, made when the app is built): two apps in one
 * process (the tests' two instances) each hear only their own announcements, and a handler
 * subscribed twice runs once.
 */
export class DomainEventBus {
  private readonly handlers = new Map<EventName, Set<DomainEventHandler<never>>>();

  /** Subscribes `handler` to `name`; subscribing the same function again changes nothing. */
  on<K extends EventName>(name: K, handler: DomainEventHandler<K>): void {
    const set = this.handlers.get(name) ?? new Set();
    set.add(handler as DomainEventHandler<never>);
    this.handlers.set(name, set);
  }

  /** Runs every handler of `name`, one after the other, in `tx`. */
  async publish<K extends EventName>(tx: Executor, name: K, event: DomainEvents[K]): Promise<void> {
    const set = (this.handlers.get(name) ?? new Set()) as Set<DomainEventHandler<K>>;
    for (const handler of set) await handler(tx, event);
  }
}

/** What a module that announces is given: it publishes, and cannot subscribe. */
export type DomainEventPublisher = Pick<DomainEventBus, 'publish'>;
