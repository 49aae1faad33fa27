import { FIRM_IDENTITY, PRIVACY_NOTICE_VERSION } from '@firm/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages, deliveries, unprovenRecipientMail } from '../../db/schema';
import { captureLog, createTestContext, settleMail, type TestContext } from '../../../test/helpers';

const valid = {
  name: 'Achieng Otieno',
  email: 'Achieng@Example.co.ke',
  phone: '0712 345 678',
  subject: 'Land title transfer',
  message: 'I would like advice on transferring a title deed in Kiambu.',
  urgency: 'urgent',
  consent: true,
};

describe('POST /api/contact-messages', () => {
  let ctx: TestContext;
  beforeEach(async () => {
    ctx = await createTestContext();
  });
  afterEach(() => ctx.close());

  const send = (payload: Record<string, unknown>, remoteAddress = '10.0.0.1') =>
    ctx.app.inject({ method: 'POST', url: '/api/contact-messages', payload, remoteAddress });

  it('stores the message with the consent time and notice version, and emails the firm', async () => {
    const before = new Date();
    const response = await send(valid);

    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      success: true,
      message: 'Thank you for your message! We will get back to you within 24 hours.',
      reference: expect.stringMatching(/^MW-[23456789ABCDEFGHJKMNPQRSTVWXYZ]{5}$/),
    });
    const rows = await ctx.database.db.select().from(contactMessages);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      reference: response.json().reference,
      name: 'Achieng Otieno',
      email: 'achieng@example.co.ke',
      phone: '+254712345678',
      urgency: 'urgent',
      noticeVersion: PRIVACY_NOTICE_VERSION,
      ipAddress: '10.0.0.1',
    });
    expect(rows[0]!.consentAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000);

    await settleMail(ctx);
    expect(ctx.mail).toHaveLength(2);
    // The firm's notice and the visitor's reply go as two deliveries, in either order.
    ctx.mail.sort(
      (a, b) => Number(b.to === 'firm@example.test') - Number(a.to === 'firm@example.test'),
    );
    expect(ctx.mail[0]).toMatchObject({
      to: 'firm@example.test',
      replyTo: 'achieng@example.co.ke',
      subject: '[URGENT] Website message: Land title transfer',
    });
    expect(ctx.mail[0]!.text).toContain('I would like advice on transferring a title deed');
    expect(ctx.mail[0]!.text).toContain(`Reference: ${response.json().reference}`);
    // When it came, in words on a Nairobi clock (ADR 016), not ISO.
    expect(ctx.mail[0]!.text).toMatch(
      /Received: (Mon|Tue|Wed|Thu|Fri|Sat|Sun) \d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} \(Nairobi time\)/,
    );
    // The visitor's auto-reply: the firm settings' default text until an advocate changes it.
    expect(ctx.mail[1]).toMatchObject({
      to: 'achieng@example.co.ke',
      subject: `We received your message (reference ${response.json().reference}): Mwamba & Associates Advocates`,
    });
    expect(ctx.mail[1]!.text).toContain(
      'Thank you for your message! We will get back to you within 24 hours.',
    );
  });

  describe('the auto-reply goes to an address nobody has proven', () => {
    const typed = {
      ...valid,
      name: 'Cheap pills at spam.example',
      subject: 'Visit spam.example now',
      message: 'Click https://spam.example/win for your prize',
    };

    it('carries no word the sender typed: a fixed text, the reference and the hotline', async () => {
      const response = await send(typed);
      expect(response.statusCode).toBe(201);
      await settleMail(ctx);
      const reply = ctx.mail.find((mail) => mail.to === 'achieng@example.co.ke')!;
      for (const echoed of ['spam.example', 'Cheap pills', 'prize', 'Visit']) {
        expect(reply.subject).not.toContain(echoed);
        expect(reply.text).not.toContain(echoed);
      }
      expect(reply.text).toContain(`Your reference: ${response.json().reference}`);
      // The hotline's actual number, from the one source the site's pages use.
      expect(reply.text).toContain(`${FIRM_IDENTITY.emergencyPhone}`);
      expect(reply.text).toMatch(/Emergency hotline \(24 hours\): \+254 \d{3} \d{3} \d{3}/);
      // The firm's own notice still has what the visitor wrote.
      const notice = ctx.mail.find((mail) => mail.to === 'firm@example.test')!;
      expect(notice.text).toContain('Click https://spam.example/win');
    });

    it('goes at most 3 times a day to one mailbox; later messages are kept and the firm told', async () => {
      const log = captureLog();
      await ctx.close();
      ctx = await createTestContext({}, { logStream: log.stream });
      // One mailbox under four spellings: case, a +tag.
      const spellings = [
        'victim@example.co.ke',
        'Victim@Example.co.ke',
        'victim+2@example.co.ke',
        'VICTIM+again@example.co.ke',
      ];
      for (const [i, email] of spellings.entries()) {
        expect((await send({ ...typed, email }, `10.0.1.${i}`)).statusCode).toBe(201);
      }
      expect(await ctx.database.db.select().from(contactMessages)).toHaveLength(4);
      await settleMail(ctx);
      const toFirm = ctx.mail.filter((mail) => mail.to === 'firm@example.test');
      const toVisitor = ctx.mail.filter((mail) => mail.to !== 'firm@example.test');
      expect(toFirm).toHaveLength(4);
      expect(toVisitor).toHaveLength(3);
      expect(
        toFirm.filter((mail) => mail.text.includes('No automatic reply was sent')),
      ).toHaveLength(1);
      expect(log.text()).toContain('contact auto-reply skipped');
      expect(log.text()).not.toMatch(/victim/i);

      // Another mailbox still gets its reply.
      await send({ ...typed, email: 'someone.else@example.co.ke' }, '10.0.2.1');
      await settleMail(ctx);
      expect(ctx.mail.at(-1)!.to).toBe('someone.else@example.co.ke');
    });

    it('stores only a hash of the address for the count', async () => {
      await send(typed);
      const rows = await ctx.database.db.select().from(unprovenRecipientMail);
      expect(rows).toHaveLength(1);
      expect(JSON.stringify(rows)).not.toMatch(/achieng/i);
    });
  });

  it('takes phone as optional and urgency as normal by default', async () => {
    const { phone: _phone, urgency: _urgency, ...rest } = valid;
    expect((await send({ ...rest, phone: '' })).statusCode).toBe(201);
    const [row] = await ctx.database.db.select().from(contactMessages);
    expect(row).toMatchObject({ phone: null, urgency: 'normal' });
  });

  it('answers 400 with a message per field and stores nothing', async () => {
    const response = await send({ email: 'not-an-email', phone: '12', urgency: 'whenever' });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({
      name: 'Full name is required',
      email: 'Invalid email address',
      phone: 'Invalid phone number',
      subject: 'Subject is required',
      message: 'Message is required',
      urgency: 'Please choose an urgency level',
      consent: 'Please agree to the privacy notice so we can reply to you',
    });
    expect(await ctx.database.db.select().from(contactMessages)).toHaveLength(0);
    expect(ctx.mail).toHaveLength(0);
  });

  it('refuses a message without consent', async () => {
    const response = await send({ ...valid, consent: false });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors.consent).toBe(
      'Please agree to the privacy notice so we can reply to you',
    );
  });

  it('answers a bot that fills the honeypot as if all went well, and keeps nothing', async () => {
    const response = await send({ ...valid, website: 'http://spam.example' });
    expect(response.statusCode).toBe(201);
    expect(await ctx.database.db.select().from(contactMessages)).toHaveLength(0);
    expect(ctx.mail).toHaveLength(0);
  });

  it('keeps the message, and both mails for a later attempt, when the mail server is down', async () => {
    ctx.app.mailer.send = async () => {
      throw new Error('connect ECONNREFUSED 127.0.0.1:25');
    };
    const response = await send(valid);
    expect(response.statusCode).toBe(201);
    expect(await ctx.database.db.select().from(contactMessages)).toHaveLength(1);
    await settleMail(ctx);
    const queued = await ctx.database.db.select().from(deliveries);
    expect(queued.map((row) => [row.kind, row.status, row.lastError]).sort()).toEqual([
      ['contact_auto_reply', 'queued', 'connect ECONNREFUSED 127.0.0.1:25'],
      ['contact_to_firm', 'queued', 'connect ECONNREFUSED 127.0.0.1:25'],
    ]);
  });

  it('limits each address to 10 messages in 15 minutes', async () => {
    for (let i = 0; i < 10; i += 1) expect((await send(valid)).statusCode).toBe(201);
    const limited = await send(valid);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(
      /^Too many requests\. Please try again in \d+ seconds\.$/,
    );
    expect((await send(valid, '10.0.0.2')).statusCode).toBe(201);
  });
});
