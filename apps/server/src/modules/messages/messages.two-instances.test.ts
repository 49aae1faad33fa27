import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { ConversationCreated, MessageSent } from '@firm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import { usePostgres, type Database } from '../../db/client';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { TEST_DB_PREFIX } from '../../../test/database-target';
import type { TestContext } from '../../../test/helpers';
import {
  listeningPort,
  openStream,
  type OpenStream,
  type StreamEvent,
} from '../notifications/notifications-test-kit';

/**
 * Two server processes on one PostgreSQL database (issue 17, ADR 020): a message sent through app
 * A, and the read mark that answers it, reach streams held by app B through LISTEN/NOTIFY, each
 * once. Like notifications.two-instances.test.ts it needs the PostgreSQL server
 * (TEST_DATABASE_URL) and a database of its own, created, migrated and dropped here.
 */
const serverUrl = process.env.TEST_DATABASE_URL;

interface MessageEventData {
  conversationId: string;
  messageId: string | null;
  kind: 'created' | 'withdrawn' | 'read';
}
const dataOf = (event: StreamEvent) => JSON.parse(event.data) as MessageEventData;
const isMessage =
  (conversationId: string, kind: MessageEventData['kind'], messageId?: string | null) =>
  (event: StreamEvent) =>
    event.event === 'message' &&
    dataOf(event).conversationId === conversationId &&
    dataOf(event).kind === kind &&
    (messageId === undefined || dataOf(event).messageId === messageId);

describe.runIf(serverUrl)('live messages across two app instances on one database', () => {
  const apps: { app: App; database: Database }[] = [];
  let maintenanceUrl: string;
  let name: string;

  beforeAll(async () => {
    const base = new URL(serverUrl!);
    const baseName = decodeURIComponent(base.pathname.slice(1));
    if (!/^[a-zA-Z0-9_]+$/.test(baseName)) throw new Error(`Unsupported name: ${baseName}`);
    name = `${baseName}${TEST_DB_PREFIX}msg_${randomBytes(6).toString('hex')}`;
    const maintenance = new URL(serverUrl!);
    maintenance.pathname = '/postgres';
    maintenanceUrl = maintenance.toString();
    const admin = new pg.Client({ connectionString: maintenanceUrl });
    await admin.connect();
    try {
      await admin.query(`create database "${name}"`);
    } finally {
      await admin.end();
    }
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    // The first migrates it (under the migrations lock); the second finds it migrated.
    for (let i = 0; i < 2; i += 1) {
      const database = await usePostgres(url.toString());
      const config = loadConfig({
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'firm-api-data-')),
        LOG_LEVEL: 'silent',
        PUBLIC_URL: 'http://portal.test',
      });
      const app = await buildApp({
        config,
        database,
        mailer: { send: async () => {} },
        logger: false,
        retentionSchedule: false,
        appointmentReminders: false,
        messageNotices: false,
      });
      await app.ready();
      apps.push({ app, database });
    }
    // Creating and migrating a database can take a while on a busy shared server.
  }, 90_000);
  afterAll(async () => {
    for (const { app, database } of apps) {
      await app.close();
      await database.close();
    }
    const admin = new pg.Client({ connectionString: maintenanceUrl });
    await admin.connect();
    try {
      await admin.query(`drop database if exists "${name}"`);
    } finally {
      await admin.end();
    }
  }, 90_000);

  /** The test helpers' shape, for seeding through app A's database. */
  const contextOf = (index: number) =>
    ({ app: apps[index]!.app, database: apps[index]!.database }) as unknown as TestContext;

  async function ready(port: number, token: string): Promise<OpenStream> {
    const stream = await openStream(port, token);
    expect(stream.status).toBe(200);
    await stream.waitFor((event) => event.event === 'unread-count');
    return stream;
  }

  it('a message sent through app A and its read mark reach the streams held on app B, once each', async () => {
    const a = contextOf(0);
    const appA = apps[0]!.app;
    const client = await seedUser(a, { role: 'client', email: 'client@msg-instances.test' });
    const advocate = await seedUser(a, { role: 'advocate', email: 'adv@msg-instances.test' });
    const clientToken = await sessionFor(a, client);
    const advocateToken = await sessionFor(a, advocate);
    const portB = await listeningPort(apps[1]!.app);
    const clientStream = await ready(portB, clientToken);
    const advocateStream = await ready(portB, advocateToken);

    const created = await appA.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: bearer(advocateToken),
      payload: { subject: 'Across processes', clientId: client.id, body: 'Hello from A' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { conversation, sent } = created.json<ConversationCreated>();
    await clientStream.waitFor(isMessage(conversation.id, 'created', sent.id));

    // The client reads it through app A: the advocate's stream on B hears the receipt.
    const read = await appA.inject({
      method: 'PUT',
      url: `/api/conversations/${conversation.id}/read`,
      headers: bearer(clientToken),
    });
    expect(read.statusCode, read.body).toBe(200);
    await advocateStream.waitFor(isMessage(conversation.id, 'read', null));

    // A later message as a marker: NOTIFY arrives in commit order, so once it has arrived on
    // both streams, a repeat of the earlier events would have arrived before it.
    const marker = await appA.inject({
      method: 'POST',
      url: `/api/conversations/${conversation.id}/messages`,
      headers: bearer(advocateToken),
      payload: { body: 'Marker' },
    });
    expect(marker.statusCode, marker.body).toBe(201);
    const markerId = marker.json<MessageSent>().sent.id;
    await clientStream.waitFor(isMessage(conversation.id, 'created', markerId));
    await advocateStream.waitFor(isMessage(conversation.id, 'created', markerId));

    expect(clientStream.events.filter(isMessage(conversation.id, 'created', sent.id))).toHaveLength(
      1,
    );
    expect(advocateStream.events.filter(isMessage(conversation.id, 'read', null))).toHaveLength(1);
    // Ids only on the stream, never the body.
    expect(clientStream.events.some((event) => event.data.includes('Hello from A'))).toBe(false);
    clientStream.close();
    advocateStream.close();
  });
});
