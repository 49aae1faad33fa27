import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, settleMail, type TestContext } from '../../test/helpers';
import { VALIDATION } from '@firm/shared';
import { TEST_SUPER_KEY, bearer, seedUser, sessionFor } from '../../test/accounts';
import { PDF_BYTES, multipartFile, seedCase } from '../../test/cases';
import { seedContactMessage, seedVisitorBooking } from '../../test/enquiries';
import { seedConversation } from '../../test/messages';
import { insertDataRequest } from './profile/profile.repository';
import {
  BAD_CHARACTERS,
  LINE_BREAKS,
  type Payload,
  type Fixtures,
  type Endpoint,
  ENDPOINTS,
  withCharacter,
  PATH_NAMES,
  queryString,
  isLoneSurrogate,
} from './control-characters-test-kit';

/**
 * One text rule for every text field (fields.ts `textRule`): a NUL (or any
 * control character) answered 500, because PostgreSQL refuses it. ADR 012: a lone UTF-16
 * surrogate ("\ud800" in JSON) made every update answer 500 (the audit row's json refused it) and
 * every create store U+FFFD. ADR 012: direction overrides were kept. Every text field of
 * every endpoint (control-characters-test-kit.ts) is tried with each character there: the answer
 * is 400 with the field named, never 500.
 */

describe('one text rule for every text field', () => {
  let ctx: TestContext;
  let token: string;
  let clientToken: string;
  let fixtures: Fixtures;
  let address = 0;
  beforeAll(async () => {
    ctx = await createTestContext({ ADVOCATE_SUPER_KEY: TEST_SUPER_KEY });
    const owner = await seedUser(ctx, { role: 'advocate', email: 'owner@mwamba.test' });
    const client = await seedUser(ctx, { role: 'client', email: 'client@example.test' });
    token = await sessionFor(ctx, owner);
    clientToken = await sessionFor(ctx, client);
    const settings = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/firm',
      headers: bearer(token),
    });
    const { updatedAt: _u, updatedBy: _b, ...firmSettings } = settings.json().settings as Payload;
    fixtures = {
      clientId: client.id,
      caseId: (await seedCase(ctx, client.id)).id,
      appointmentId: (await seedVisitorBooking(ctx, owner.id)).id,
      cancellableAppointmentId: (await seedVisitorBooking(ctx, owner.id)).id,
      dataRequestId: (
        await insertDataRequest(ctx.database.db, {
          userId: client.id,
          requesterName: 'Test client',
          requesterEmail: client.email,
        })
      ).id,
      conversationId: (await seedConversation(ctx, client.id, { members: [owner.id] })).conversation
        .id,
      contactMessageId: (await seedContactMessage(ctx)).id,
      firmSettings,
    };
  });
  afterAll(() => ctx.close());

  const urlOf = (endpoint: Endpoint) =>
    typeof endpoint.url === 'function' ? endpoint.url(fixtures) : endpoint.url;
  const validOf = (endpoint: Endpoint) =>
    typeof endpoint.valid === 'function' ? endpoint.valid(fixtures) : endpoint.valid;

  const send = (endpoint: Endpoint, payload: Payload) => {
    // A fresh address each time: the per-IP limits are not what is tested here.
    address += 1;
    const remoteAddress = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
    const headers =
      endpoint.auth === 'client' ? bearer(clientToken) : endpoint.auth ? bearer(token) : {};
    return endpoint.method === 'GET'
      ? ctx.app.inject({
          method: 'GET',
          url: `${urlOf(endpoint)}?${queryString(payload)}`,
          headers,
          remoteAddress,
        })
      : ctx.app.inject({
          method: endpoint.method,
          url: urlOf(endpoint),
          payload,
          headers,
          remoteAddress,
        });
  };

  for (const endpoint of ENDPOINTS) {
    const name = typeof endpoint.url === 'string' ? endpoint.url : endpoint.url(PATH_NAMES);
    it(`${endpoint.method} ${name}: 400 naming the field, never 500`, async () => {
      const tries: [string, string, string][] = [];
      for (const field of [...endpoint.singleLine, ...endpoint.multiLine]) {
        for (const [name, character] of Object.entries(BAD_CHARACTERS)) {
          if (endpoint.method === 'GET' && isLoneSurrogate(character)) continue;
          tries.push([field, name, character]);
        }
      }
      for (const field of endpoint.singleLine) {
        for (const [name, character] of Object.entries(LINE_BREAKS)) {
          tries.push([field, name, character]);
        }
      }
      const valid = validOf(endpoint);
      for (const [field, name, character] of tries) {
        const response = await send(endpoint, withCharacter(valid, field, character));
        const label = `${field} with ${name}`;
        expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
        expect(response.json().code, label).toBe('VALIDATION_ERROR');
        expect(Object.keys(response.json().errors), label).toContain(field);
      }
      // The same request without the character passes validation, so the refusals above are the
      // text rule's and not some other field's.
      const response = await send(endpoint, valid);
      expect(response.statusCode, response.body).toBeLessThan(500);
      expect(response.json().code, response.body).not.toBe('VALIDATION_ERROR');
    });
  }

  it('GET /api/cases/people?search=%00 answers 400 (it answered 500)', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/cases/people?search=%00',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual({ search: VALIDATION.singleLine });
  });

  it('a query string with the bytes of a lone surrogate is read as that text, not a 500', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/cases/people?search=%ED%A0%80',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(200);
  });

  it('an uploaded file keeps its name without bidirectional controls (shown as saved)', async () => {
    const { payload, headers } = multipartFile('invoice\u202Efdp.pdf', PDF_BYTES);
    const response = await ctx.app.inject({
      method: 'POST',
      url: `/api/cases/${fixtures.caseId}/documents`,
      headers: { ...bearer(token), ...headers },
      payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json().document.name).toBe('invoicefdp.pdf');
  });

  it('each refusal says what is wrong with the field', async () => {
    const endpoint = ENDPOINTS.find((e) => e.method === 'PUT' && e.url === '/api/profile')!;
    const errorFor = async (character: string) =>
      (await send(endpoint, withCharacter(validOf(endpoint), 'firstName', character))).json().errors
        .firstName;
    expect(await errorFor('\ud800')).toBe(VALIDATION.unreadableCharacters);
    expect(await errorFor('\u202e')).toBe(VALIDATION.directionControls);
    expect(await errorFor('\u0000')).toBe(VALIDATION.singleLine);
  });

  it('subjects refuse MIME encoded words; other text keeps "=?"', async () => {
    const encodedWord = 'Hi =?utf-8?q?x=0ABcc=3A_evil=40example.test?= there';
    const contact = ENDPOINTS[0]!;
    const refused = await send(contact, { ...(contact.valid as Payload), subject: encodedWord });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ subject: VALIDATION.encodedWords });
    const conversation = ENDPOINTS.find(
      (e) => e.url === '/api/conversations' && e.method === 'POST',
    )!;
    const refusedToo = await send(conversation, { ...validOf(conversation), subject: encodedWord });
    expect(refusedToo.json().errors).toEqual({ subject: VALIDATION.encodedWords });
    const kept = await send(contact, {
      ...(contact.valid as Payload),
      message: `I typed ${encodedWord} in my message.`,
    });
    expect(kept.statusCode).toBe(201);
  });

  it('multi-line fields keep their new lines and tabs', async () => {
    const response = await send(ENDPOINTS[0]!, {
      ...ENDPOINTS[0]!.valid,
      message: 'First line\n\tindented second line',
    });
    expect(response.statusCode).toBe(201);
  });

  it('the firm’s email quotes the visitor’s text, so it cannot forge lines of ours', async () => {
    // The earlier tests' messages are out first: only this message's mails count.
    await settleMail(ctx);
    ctx.mail.length = 0;
    const response = await send(ENDPOINTS[0]!, {
      ...ENDPOINTS[0]!.valid,
      message: 'Please call me.\nReference: 00000000-fake\nEmail: attacker@example.test',
    });
    expect(response.statusCode).toBe(201);
    // The firm's copy (the visitor's auto-reply carries none of their text at all).
    await settleMail(ctx);
    const text = ctx.mail.find((mail) => mail.to === 'firm@example.test')!.text;
    expect(text).toContain('> Please call me.\n> Reference: 00000000-fake\n> Email: attacker');
    expect(text).not.toMatch(/^Email: attacker/m);
    expect(text).not.toMatch(/^Reference: 00000000-fake/m);
  });
});
