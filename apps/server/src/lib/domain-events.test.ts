import { describe, expect, it } from 'vitest';
import type { Executor } from '../db/client';
import { DomainEventBus } from './domain-events';

const tx = {} as Executor;
const failure = {
  id: 'd-1',
  channel: 'sms' as const,
  kind: 'appointment_reminder',
  recipient: '+254712345678',
  reason: 'Blacklisted number',
};

describe('domain events, per app', () => {
  it('reaches only the handlers of the app that announced it (two apps in one process)', async () => {
    const first = new DomainEventBus();
    const second = new DomainEventBus();
    const heard: string[] = [];
    first.on('deliveryFailed', async (_tx, event) => void heard.push(`first:${event.id}`));
    second.on('deliveryFailed', async (_tx, event) => void heard.push(`second:${event.id}`));
    await first.publish(tx, 'deliveryFailed', failure);
    expect(heard).toEqual(['first:d-1']);
  });

  it('runs a handler subscribed twice once, and handlers in the order they subscribed', async () => {
    const bus = new DomainEventBus();
    const heard: string[] = [];
    const tellAdvocates = async () => void heard.push('advocates');
    bus.on('deliveryFailed', tellAdvocates);
    bus.on('deliveryFailed', async () => void heard.push('log'));
    bus.on('deliveryFailed', tellAdvocates);
    await bus.publish(tx, 'deliveryFailed', failure);
    expect(heard).toEqual(['advocates', 'log']);
  });
});
