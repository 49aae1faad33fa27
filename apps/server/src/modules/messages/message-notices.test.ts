import { MESSAGE_EMAIL_KIND, MESSAGE_MESSAGES } from '@firm/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages, type UserRow } from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, settleMail, type TestContext } from '../../../test/helpers';
import { seedConversation } from '../../../test/messages';
import { sendMessageNotices, type MessageNoticeDeps } from './message-notices';

/**
 * The unread-message email, with the job called directly at chosen times: after 10
 * minutes unread, one email per conversation and recipient, at most one an hour, never the
 * message itself, none once read, and once however many runs race for it.
 */

let ctx: TestContext;
let deps: MessageNoticeDeps;
let advocate: UserRow;
let client: UserRow;
let clientToken: string;

const SECRET = 'The settlement offer is KSh 4,500,000';
const minutes = (n: number) => new Date(Date.now() + n * 60_000);
/** One run of the job at `at`, then the outbox has sent what it wrote. */
async function runAt(with_: MessageNoticeDeps, at: Date): Promise<number> {
  const queued = await sendMessageNotices(with_, at);
  await settleMail(ctx);
  return queued;
}

beforeAll(async () => {
  ctx = await createTestContext();
  deps = {
    db: ctx.database.db,
    outbox: ctx.app.outbox,
    firmNotifyEmail: ctx.config.firmNotifyEmail,
    logger: ctx.app.log,
  };
  advocate = await seedUser(ctx, {
    role: 'advocate',
    email: 'advocate@notices.test',
    firstName: 'Achieng',
    lastName: 'Odhiambo',
  });
  client = await seedUser(ctx, {
    role: 'client',
    email: 'wanjiru@notices.test',
    firstName: 'Wanjiru',
    lastName: 'Kamau',
  });
  clientToken = await sessionFor(ctx, client);
});
afterAll(() => ctx.close());
beforeEach(() => {
  ctx.mail.length = 0;
});

describe('unread message emails', () => {
  it('emails a named member once after 10 minutes, then at most once an hour, never the content', async () => {
    const { conversation } = await seedConversation(ctx, client.id, {
      members: [advocate.id],
      body: SECRET,
    });
    expect(await runAt(deps, minutes(5))).toBe(0);
    expect(await runAt(deps, minutes(11))).toBe(1);
    expect(ctx.mail).toHaveLength(1);
    const [mail] = ctx.mail;
    expect(mail!.to).toBe('advocate@notices.test');
    expect(mail!.subject).toBe(MESSAGE_MESSAGES.emailSubject);
    expect(mail!.text).toContain('You have a new message from Wanjiru Kamau');
    expect(mail!.text).toContain(`http://portal.test/messages?c=${conversation.id}`);
    expect(mail!.text).not.toContain('settlement');
    expect(mail!.text).not.toContain(conversation.subject);
    // Claimed: the next runs find nothing for the same message.
    expect(await runAt(deps, minutes(12))).toBe(0);

    // A later message within the hour waits for the hour to pass.
    await ctx.database.db.insert(messages).values({
      conversationId: conversation.id,
      senderId: client.id,
      fromClient: true,
      body: SECRET,
      createdAt: minutes(30),
    });
    expect(await runAt(deps, minutes(45))).toBe(0);
    expect(await runAt(deps, minutes(72))).toBe(1);
    expect(ctx.mail).toHaveLength(2);
    expect(ctx.mail.every((each) => !each.text.includes('settlement'))).toBe(true);
  });

  it('sends nothing once the recipient has read the message', async () => {
    const { conversation } = await seedConversation(ctx, client.id, {
      senderId: advocate.id,
      body: SECRET,
    });
    const read = await ctx.app.inject({
      method: 'PUT',
      url: `/api/conversations/${conversation.id}/read`,
      headers: bearer(clientToken),
    });
    expect(read.statusCode).toBe(200);
    expect(await runAt(deps, minutes(11))).toBe(0);
    expect(ctx.mail).toHaveLength(0);
  });

  it('emails the client for the firm’s unread message, naming the member of staff', async () => {
    const { conversation } = await seedConversation(ctx, client.id, {
      senderId: advocate.id,
      body: SECRET,
    });
    expect(await runAt(deps, minutes(11))).toBe(1);
    expect(ctx.mail[0]!.to).toBe('wanjiru@notices.test');
    expect(ctx.mail[0]!.text).toContain(
      `You have a new message from Achieng Odhiambo (${MESSAGE_MESSAGES.firmSender})`,
    );
    expect(ctx.mail[0]!.text).toContain(`/messages?c=${conversation.id}`);
    // A person's copy says where to switch it off.
    expect(ctx.mail[0]!.text).toContain(
      MESSAGE_MESSAGES.emailPreferenceLine('http://portal.test/profile'),
    );
  });

  it('emails the firm’s address when nobody is named, and only once when runs race', async () => {
    await seedConversation(ctx, client.id, { body: SECRET });
    const sent = await Promise.all([
      runAt(deps, minutes(11)),
      runAt(deps, minutes(11)),
      runAt(deps, minutes(11)),
    ]);
    expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
    expect(ctx.mail.map((each) => each.to)).toEqual(['firm@example.test']);
    // The shared address has no Profile to switch it off in.
    expect(ctx.mail[0]!.text).not.toContain('Profile Settings');
  });

  it('emails the firm at the address saved in System Settings, not FIRM_NOTIFY_EMAIL', async () => {
    const advocateToken = await sessionFor(ctx, advocate);
    const settings = async (payload?: object) => {
      const response = await ctx.app.inject({
        method: payload ? 'PUT' : 'GET',
        url: '/api/settings/firm',
        headers: bearer(advocateToken),
        payload,
      });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { settings: Record<string, unknown> }).settings;
    };
    const before = await settings();
    await settings({ ...before, notificationEmail: 'reception@mwamba.test' });
    try {
      await seedConversation(ctx, client.id, { body: SECRET });
      expect(await runAt(deps, minutes(11))).toBe(1);
      expect(ctx.mail.map((each) => each.to)).toEqual(['reception@mwamba.test']);
    } finally {
      await settings(before);
    }
  });

  it('gives the claim back when a run fails before its email is written, so the next run writes it', async () => {
    await seedConversation(ctx, client.id, { members: [advocate.id], body: SECRET });
    // The database refuses the run's transaction (as when it restarts): the claim goes with it.
    const failingDb = Object.create(deps.db) as MessageNoticeDeps['db'];
    failingDb.transaction = () => Promise.reject(new Error('connection terminated'));
    const failing: MessageNoticeDeps = {
      ...deps,
      db: failingDb,
      logger: { ...ctx.app.log, error: () => undefined } as unknown as MessageNoticeDeps['logger'],
    };
    expect(await runAt(failing, minutes(11))).toBe(0);
    expect(ctx.mail).toEqual([]);
    expect(await runAt(deps, minutes(12))).toBe(1);
    expect(ctx.mail.map((each) => each.to)).toEqual(['advocate@notices.test']);
  });
});

describe('switching the message email off (Profile, email preferences)', () => {
  const switchOff = async (token: string) => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/notification-preferences',
      headers: bearer(token),
      payload: { [MESSAGE_EMAIL_KIND]: false },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().preferences[MESSAGE_EMAIL_KIND]).toBe(false);
  };
  const switchOn = (token: string) =>
    ctx.app.inject({
      method: 'PUT',
      url: '/api/profile/notification-preferences',
      headers: bearer(token),
      payload: { [MESSAGE_EMAIL_KIND]: true },
    });

  it('sends a client who switched it off nothing, and other people theirs', async () => {
    const other = await seedUser(ctx, {
      role: 'client',
      email: 'baraka@notices.test',
      firstName: 'Baraka',
      lastName: 'Mutua',
    });
    await switchOff(clientToken);
    try {
      await seedConversation(ctx, client.id, { senderId: advocate.id, body: SECRET });
      await seedConversation(ctx, other.id, { senderId: advocate.id, body: SECRET });
      expect(await runAt(deps, minutes(11))).toBe(1);
      expect(ctx.mail.map((each) => each.to)).toEqual(['baraka@notices.test']);
      // Switched off is not "later": the next runs send the client nothing either.
      expect(await runAt(deps, minutes(75))).toBe(0);
    } finally {
      await switchOn(clientToken);
    }
  });

  it('sends a member of staff who switched it off nothing; the firm’s address still gets its own', async () => {
    const advocateToken = await sessionFor(ctx, advocate);
    await switchOff(advocateToken);
    const stored = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/notification-preferences',
      headers: bearer(advocateToken),
    });
    expect(stored.json().preferences).toMatchObject({ [MESSAGE_EMAIL_KIND]: false });
    try {
      await seedConversation(ctx, client.id, { members: [advocate.id], body: SECRET });
      await seedConversation(ctx, client.id, { body: SECRET });
      expect(await runAt(deps, minutes(11))).toBe(1);
      expect(ctx.mail.map((each) => each.to)).toEqual(['firm@example.test']);
    } finally {
      await switchOn(advocateToken);
    }
  });
});
