/**
 * Events the notifications stream hears for other features (ADR 020): a tiny emitter, so a
 * feature can listen without importing another. Today only messaging's `message` events; each
 * carries ids, the listener refetches through the API. `reopened` fires when the stream opens
 * again after a gap, since those events are not replayed. `timer` is local: the header's timer and
 * a case's Time section keep separate query caches (the header sits outside the portal's), so a
 * change made in one is told to the other (ADR 050).
 */

import type { Timer } from '@firm/shared';

export interface LiveMessageEvent {
  conversationId: string;
  messageId: string | null;
  kind: 'created' | 'withdrawn' | 'read';
}

export interface TimerChangedEvent {
  timer: Timer | null;
  /** Stop: the case the time was filed on, whose list of time is now longer. */
  filedCaseId?: string;
}

type LiveEventMap = { message: LiveMessageEvent; reopened: undefined; timer: TimerChangedEvent };
type Listener<K extends keyof LiveEventMap> = (event: LiveEventMap[K]) => void;

const listeners: { [K in keyof LiveEventMap]: Set<Listener<K>> } = {
  message: new Set(),
  reopened: new Set(),
  timer: new Set(),
};

export function onLiveEvent<K extends keyof LiveEventMap>(
  type: K,
  listener: Listener<K>,
): () => void {
  listeners[type].add(listener);
  return () => {
    listeners[type].delete(listener);
  };
}

export function emitLiveEvent<K extends keyof LiveEventMap>(type: K, event: LiveEventMap[K]): void {
  for (const listener of [...listeners[type]]) listener(event);
}
