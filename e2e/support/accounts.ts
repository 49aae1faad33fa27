import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';

/** The advocate registration key of the shared test server (playwright.config.ts). */
export const E2E_SUPER_KEY = 'e2e-super-key-7f3a9c1d5b';

export interface Account {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** The advocate who owns the shared test server (the first to register). */
export const OWNER: Account = {
  email: 'owner@mwamba.test',
  password: 'Owner-Passw0rd',
  firstName: 'Wanjiru',
  lastName: 'Kamau',
};

export function advocatePayload(account: Account, superKey = E2E_SUPER_KEY) {
  return {
    firstName: account.firstName,
    lastName: account.lastName,
    email: account.email,
    phone: '0712 345 678',
    password: account.password,
    licenseNumber: 'LSK/2011/0457',
    specialization: ['Family Law'],
    experience: 12,
    education: 'LLB, University of Nairobi',
    barAdmission: 'Admitted to the Roll of Advocates, 2011',
    superKey,
  };
}

/**
 * Makes sure the shared server has its owner advocate: registers them unless someone (another
 * worker) already did. Safe to call from every spec.
 */
export async function ensureOwner(request: APIRequestContext): Promise<Account> {
  const response = await request.post('/api/auth/register', { data: advocatePayload(OWNER) });
  expect([201, 409]).toContain(response.status());
  return OWNER;
}

/** Signs in through the login page. */
export async function signInThroughUi(page: Page, account: Pick<Account, 'email' | 'password'>) {
  await page.getByLabel('Email address').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
}

/** The text of the newest email to `to` written by a server without SMTP (DATA_DIR/mail). */
export function latestMailTo(dataDir: string, to: string): string | null {
  const dir = path.join(dataDir, 'mail');
  let files: string[];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith('.eml'));
  } catch {
    return null;
  }
  for (const name of files.sort().reverse()) {
    const raw = readFileSync(path.join(dir, name), 'utf8');
    // A long address is folded onto the next line of the header ("To:\n <address>"): unfold first.
    const unfolded = raw.replace(/\r?\n[ \t]+/g, ' ');
    if (!new RegExp(`^To: .*${to.replace(/[.+]/g, '\\$&')}`, 'mi').test(unfolded)) continue;
    // Undo quoted-printable: soft line breaks and =XX escapes.
    return raw
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  }
  return null;
}

/**
 * Turns on an authenticator for the holder of `token` on the server at `origin`, through the API
 * as Profile does, and returns its key. A fresh install's first advocate must, before anything
 * else (ADR 037: no grace by default, whichever way the session began).
 */
export async function turnOnAuthenticator(origin: string, token: string): Promise<string> {
  const authorization = `Bearer ${token}`;
  const setup = await fetch(`${origin}/api/auth/2fa/totp/setup`, {
    method: 'POST',
    headers: { authorization },
  });
  expect(setup.status, await setup.clone().text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
  const enabled = await fetch(`${origin}/api/auth/2fa/totp/enable`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
  });
  expect(enabled.status, await enabled.clone().text()).toBe(200);
  return secret;
}
