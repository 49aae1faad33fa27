import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/helpers';
import { TEST_SUPER_KEY, advocatePayload, bearer, seedUser, sessionFor } from '../../test/accounts';

/**
 * Issue 11, item 4: a NUL (or any control character) in a text field answered 500, because
 * PostgreSQL refuses it. Every text field of every endpoint is tried with each character below:
 * the answer is 400 with the field named, never 500.
 */
const BAD_CHARACTERS = {
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
interface Endpoint {
  method: 'POST' | 'GET';
  url: string;
  valid: Payload;
  singleLine: string[];
  multiLine: string[];
  auth?: boolean;
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
    method: 'GET',
    url: '/api/user-management/users',
    valid: { search: 'amina' },
    singleLine: ['search'],
    multiLine: [],
    auth: true,
  },
];

/** The payload with `path` ("specialization.0") set to a value holding `character`. */
function withCharacter(valid: Payload, path: string, character: string): Payload {
  const copy = structuredClone(valid);
  const [key = '', index] = path.split('.');
  const spoil = (value: unknown) =>
    `${String(value).slice(0, 3)}${character}${String(value).slice(3)}`;
  if (index === undefined) copy[key] = spoil(copy[key]);
  else (copy[key] as unknown[])[Number(index)] = spoil((copy[key] as unknown[])[Number(index)]);
  return copy;
}

describe('control characters in text fields', () => {
  let ctx: TestContext;
  let token: string;
  let address = 0;
  beforeAll(async () => {
    ctx = await createTestContext({ ADVOCATE_SUPER_KEY: TEST_SUPER_KEY });
    const owner = await seedUser(ctx, { role: 'advocate', email: 'owner@mwamba.test' });
    token = await sessionFor(ctx, owner);
  });
  afterAll(() => ctx.close());

  const send = (endpoint: Endpoint, payload: Payload) => {
    // A fresh address each time: the per-IP limits are not what is tested here.
    address += 1;
    const remoteAddress = `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
    const headers = endpoint.auth ? bearer(token) : {};
    return endpoint.method === 'GET'
      ? ctx.app.inject({
          method: 'GET',
          url: endpoint.url,
          query: payload as Record<string, string>,
          headers,
          remoteAddress,
        })
      : ctx.app.inject({
          method: 'POST',
          url: endpoint.url,
          payload,
          headers,
          remoteAddress,
        });
  };

  for (const endpoint of ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.url}: 400 naming the field, never 500`, async () => {
      const tries: [string, string, string][] = [];
      for (const field of [...endpoint.singleLine, ...endpoint.multiLine]) {
        for (const [name, character] of Object.entries(BAD_CHARACTERS)) {
          tries.push([field, name, character]);
        }
      }
      for (const field of endpoint.singleLine) {
        for (const [name, character] of Object.entries(LINE_BREAKS)) {
          tries.push([field, name, character]);
        }
      }
      for (const [field, name, character] of tries) {
        const response = await send(endpoint, withCharacter(endpoint.valid, field, character));
        const label = `${field} with ${name}`;
        expect(response.statusCode, label).toBe(400);
        expect(response.json().code, label).toBe('VALIDATION_ERROR');
        expect(Object.keys(response.json().errors), label).toContain(field);
      }
    });
  }

  it('multi-line fields keep their new lines and tabs', async () => {
    const response = await send(ENDPOINTS[0]!, {
      ...ENDPOINTS[0]!.valid,
      message: 'First line\n\tindented second line',
    });
    expect(response.statusCode).toBe(201);
  });

  it('the firm’s email quotes the visitor’s text, so it cannot forge lines of ours', async () => {
    ctx.mail.length = 0;
    const response = await send(ENDPOINTS[0]!, {
      ...ENDPOINTS[0]!.valid,
      message: 'Please call me.\nReference: 00000000-fake\nEmail: attacker@example.test',
    });
    expect(response.statusCode).toBe(201);
    // The firm's copy (the visitor's auto-reply carries none of their text at all).
    const text = ctx.mail.find((mail) => mail.to === 'firm@example.test')!.text;
    expect(text).toContain('> Please call me.\n> Reference: 00000000-fake\n> Email: attacker');
    expect(text).not.toMatch(/^Email: attacker/m);
    expect(text).not.toMatch(/^Reference: 00000000-fake/m);
  });
});
