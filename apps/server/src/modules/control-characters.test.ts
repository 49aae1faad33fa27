import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, settleMail, type TestContext } from '../../test/helpers';
import { VALIDATION } from '@firm/shared';
import { TEST_SUPER_KEY, advocatePayload, bearer, seedUser, sessionFor } from '../../test/accounts';
import { PDF_BYTES, multipartFile, seedCase } from '../../test/cases';
import { seedContactMessage, seedVisitorBooking } from '../../test/enquiries';
import { seedConversation } from '../../test/messages';
import { nextOpenWeekday } from './appointments/appointments-test-kit';
import { insertDataRequest } from './profile/profile.repository';

/**
 * One text rule for every text field (fields.ts `textRule`): a NUL (or any
 * control character) answered 500, because PostgreSQL refuses it. ADR 012: a lone UTF-16
 * surrogate ("\ud800" in JSON) made every update answer 500 (the audit row's json refused it) and
 * every create store U+FFFD. ADR 012: direction overrides were kept. Every text field of
 * every endpoint is tried with each character below: the answer is 400 with the field named,
 * never 500.
 */
const BAD_CHARACTERS = {
  'LONE SURROGATE': '\ud800',
  'LONE LOW SURROGATE': '\udc00',
  'RIGHT-TO-LEFT OVERRIDE': '\u202e',
  'LEFT-TO-RIGHT ISOLATE': '\u2066',
  'RIGHT-TO-LEFT MARK': '\u200f',
  NUL: '\u0000',
  BEL: '\u0007',
  BS: '\u0008',
  ESC: '\u001b',
  CR: '\r',
  DEL: '\u007f',
  NEL: '\u0085',
};
/** Single-line fields also refuse line breaks. */
const LINE_BREAKS = { LF: '\n', 'CR LF': '\r\n', 'LINE SEPARATOR': '\u2028' };

type Payload = Record<string, unknown>;
/** What the endpoints below act on, made before the tests run. */
interface Fixtures {
  clientId: string;
  caseId: string;
  /** Two visitor bookings: one to edit, one to cancel. */
  appointmentId: string;
  cancellableAppointmentId: string;
  dataRequestId: string;
  conversationId: string;
  contactMessageId: string;
  firmSettings: Payload;
}
interface Endpoint {
  method: 'POST' | 'GET' | 'PUT' | 'PATCH';
  url: string | ((fixtures: Fixtures) => string);
  valid: Payload | ((fixtures: Fixtures) => Payload);
  singleLine: string[];
  multiLine: string[];
  /** Who calls: nobody (the default), the owner advocate, or a client. */
  auth?: boolean | 'client';
}

const person = { firstName: 'Amina', lastName: 'Odhiambo', email: 'amina@example.test' };
const advocateDetails = (() => {
  const { password: _p, superKey: _k, ...rest } = advocatePayload({ email: 'new@mwamba.test' });
  return rest;
})();

const ENDPOINTS: Endpoint[] = [
  {
    method: 'POST',
    url: '/api/contact-messages',
    valid: {
      name: 'Achieng Otieno',
      email: 'achieng@example.co.ke',
      phone: '0712 345 678',
      subject: 'Land title',
      message: 'Hello',
      consent: true,
    },
    singleLine: ['name', 'email', 'phone', 'subject'],
    multiLine: ['message'],
  },
  {
    method: 'POST',
    url: '/api/auth/register',
    valid: advocatePayload({ email: 'second@mwamba.test' }),
    singleLine: [
      'firstName',
      'lastName',
      'email',
      'phone',
      'licenseNumber',
      'specialization.0',
      'password',
      'superKey',
    ],
    multiLine: ['education', 'barAdmission'],
  },
  {
    method: 'POST',
    url: '/api/auth/verify-super-key',
    valid: { superKey: TEST_SUPER_KEY },
    singleLine: ['superKey'],
    multiLine: [],
  },
  {
    method: 'POST',
    url: '/api/auth/forgot-password',
    valid: { email: 'owner@mwamba.test' },
    singleLine: ['email'],
    multiLine: [],
  },
  {
    method: 'POST',
    url: '/api/user-management/create-client',
    valid: { ...person, phone: '0712 345 678' },
    singleLine: ['firstName', 'lastName', 'email', 'phone'],
    multiLine: [],
    auth: true,
  },
  {
    method: 'POST',
    url: '/api/user-management/create-admin',
    valid: { ...person, temporaryPassword: 'Temp-Passw0rd' },
    singleLine: ['firstName', 'lastName', 'email', 'temporaryPassword'],
    multiLine: [],
    auth: true,
  },
  {
    method: 'POST',
    url: '/api/user-management/create-advocate',
    valid: advocateDetails,
    singleLine: ['firstName', 'lastName', 'email', 'phone', 'licenseNumber', 'specialization.0'],
    multiLine: ['education', 'barAdmission'],
    auth: true,
  },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    valid: { token: 'not-a-real-reset-token', password: 'New-Passw0rd' },
    singleLine: ['token', 'password'],
    multiLine: [],
  },
  {
    method: 'PUT',
    url: '/api/profile',
    valid: { firstName: 'Wanjiru', lastName: 'Kamau', phone: '0712 345 678' },
    singleLine: ['firstName', 'lastName', 'phone'],
    multiLine: [],
    auth: true,
  },
  {
    method: 'PUT',
    url: '/api/profile/professional',
    valid: (({ licenseNumber, specialization, experience, education, barAdmission }) => ({
      licenseNumber,
      specialization,
      experience,
      education,
      barAdmission,
    }))(advocatePayload()),
    singleLine: ['licenseNumber', 'specialization.0'],
    multiLine: ['education', 'barAdmission'],
    auth: true,
  },
  {
    method: 'POST',
    url: '/api/profile/email-change',
    valid: { email: 'owner.new@mwamba.test' },
    singleLine: ['email'],
    multiLine: [],
    auth: true,
  },
  {
    method: 'POST',
    url: '/api/profile/data-requests',
    valid: { message: 'Please delete my data.' },
    singleLine: [],
    multiLine: ['message'],
    auth: 'client',
  },
  {
    method: 'PUT',
    url: (f) => `/api/settings/data-requests/${f.dataRequestId}`,
    valid: { status: 'refused', reason: 'The case file must be kept for seven years.' },
    singleLine: [],
    multiLine: ['reason'],
    auth: true,
  },
  {
    method: 'PUT',
    url: '/api/settings/firm',
    valid: (f) => ({ ...f.firmSettings, mpesaInstructions: 'Account: your case number' }),
    singleLine: [],
    multiLine: ['mpesaInstructions', 'contactAutoReply', 'bookingAutoReply'],
    auth: true,
  },
  {
    method: 'PATCH',
    url: (f) => `/api/clients/${f.clientId}`,
    valid: { firstName: 'Amina', lastName: 'Wekesa', phone: '0722 000 111' },
    singleLine: ['firstName', 'lastName', 'phone'],
    multiLine: [],
    auth: true,
  },
  {
    method: 'PATCH',
    url: (f) => `/api/enquiries/message/${f.contactMessageId}`,
    valid: { note: 'Called back on Monday.', version: 0 },
    singleLine: [],
    multiLine: ['note'],
    auth: true,
  },
  {
    method: 'POST',
    url: '/api/cases',
    valid: (f) => ({
      title: 'Boundary dispute in Kitengela',
      description: 'The neighbour moved the beacons.',
      category: 'property',
      priority: 'medium',
      clientId: f.clientId,
      court: 'Kajiado Law Courts',
      courtCaseNumber: 'ELC 12 of 2026',
    }),
    singleLine: ['title', 'court', 'courtCaseNumber'],
    multiLine: ['description'],
    auth: true,
  },
  {
    method: 'PUT',
    url: (f) => `/api/cases/${f.caseId}`,
    valid: {
      title: 'Land dispute over plot LR 209/1234',
      description: 'The neighbour fenced off part of the plot.',
      court: 'Milimani Law Courts',
      courtCaseNumber: 'ELC 7 of 2026',
      courtHearing: 'Mention: directions given',
      version: 1,
    },
    singleLine: ['title', 'court', 'courtCaseNumber', 'courtHearing'],
    multiLine: ['description'],
    auth: true,
  },
  {
    method: 'POST',
    url: (f) => `/api/cases/${f.caseId}/notes`,
    valid: { content: 'Client called about the survey.' },
    singleLine: [],
    multiLine: ['content'],
    auth: true,
  },
  {
    method: 'POST',
    url: '/api/cases/conflict-check',
    valid: {
      clientName: 'Amina Odhiambo',
      parties: [{ name: 'Juma Mwangi', role: 'opposing_party' }],
    },
    singleLine: ['clientName', 'parties.0.name'],
    multiLine: [],
    auth: true,
  },
  {
    method: 'POST',
    url: '/api/appointments',
    valid: {
      title: 'Land sale agreement',
      type: 'consultation',
      description: 'Review of a sale agreement.',
      date: nextOpenWeekday(5),
      time: '10:00',
      firstName: 'Achieng',
      lastName: 'Otieno',
      email: 'achieng@visitor.test',
      phone: '0712 345 678',
      consent: true,
    },
    singleLine: ['title', 'firstName', 'lastName', 'email', 'phone'],
    multiLine: ['description'],
  },
  {
    method: 'PUT',
    url: (f) => `/api/appointments/${f.appointmentId}`,
    valid: {
      title: 'Consultation about a lease',
      description: 'The landlord wants to end the lease early.',
      paymentStatus: 'paid',
      paymentMethod: 'mpesa',
      paymentReference: 'QAB1CD2EF3',
    },
    singleLine: ['title', 'paymentReference'],
    multiLine: ['description'],
    auth: true,
  },
  {
    method: 'PATCH',
    url: (f) => `/api/appointments/${f.cancellableAppointmentId}/cancel`,
    valid: { reason: 'The advocate is in court that day.' },
    singleLine: [],
    multiLine: ['reason'],
    auth: true,
  },
  {
    method: 'POST',
    url: '/api/conversations',
    valid: (f) => ({ subject: 'Survey report', clientId: f.clientId, body: 'Please see below.' }),
    singleLine: ['subject'],
    multiLine: ['body'],
    auth: true,
  },
  {
    method: 'POST',
    url: (f) => `/api/conversations/${f.conversationId}/messages`,
    valid: { body: 'Thank you, received.' },
    singleLine: [],
    multiLine: ['body'],
    auth: true,
  },
  ...(
    [
      '/api/user-management/users',
      '/api/cases',
      '/api/cases/people',
      '/api/appointments',
      '/api/appointments/clients',
      '/api/clients',
      '/api/conversations',
      '/api/deliveries',
    ] as const
  ).map((url): Endpoint => ({
    method: 'GET',
    url,
    valid: { search: 'amina' },
    singleLine: ['search'],
    multiLine: [],
    auth: true,
  })),
  {
    method: 'GET',
    url: '/api/settings/audit-log',
    valid: { person: 'amina', target: 'client', action: 'case.created' },
    singleLine: ['person', 'target', 'action'],
    multiLine: [],
    auth: true,
  },
];

/** The payload with `path` ("specialization.0", "parties.0.name") set to a value holding `character`. */
function withCharacter(valid: Payload, path: string, character: string): Payload {
  const copy = structuredClone(valid);
  const keys = path.split('.');
  const last = keys.pop()!;
  const parent = keys.reduce<Record<string, unknown>>(
    (node, key) => node[key] as Record<string, unknown>,
    copy,
  );
  const value = String(parent[last]);
  parent[last] = `${value.slice(0, 3)}${character}${value.slice(3)}`;
  return copy;
}

/** Test names for the paths with ids. */
const PATH_NAMES: Fixtures = {
  clientId: ':id',
  caseId: ':id',
  appointmentId: ':id',
  cancellableAppointmentId: ':id',
  dataRequestId: ':id',
  conversationId: ':id',
  contactMessageId: ':id',
  firmSettings: {},
};

/** A query string as a browser writes it. */
const queryString = (payload: Payload) =>
  Object.entries(payload)
    .map(([key, value]) => `${key}=${encodeURIComponent(String(value))}`)
    .join('&');

/**
 * A URL holds bytes, and a lone surrogate has no UTF-8 form (encodeURIComponent throws): the
 * nearest a sender comes is its three bytes, %ED%A0%80, tried on its own below.
 */
const isLoneSurrogate = (character: string) => /^[\uD800-\uDFFF]$/.test(character);

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
