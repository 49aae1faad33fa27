import { expect, test, type Browser, type Page } from '@playwright/test';
import { OWNER, advocatePayload, signInThroughUi, turnOnAuthenticator } from '../support/accounts';
import { journeyStep } from '../support/journey';
import {
  freePort,
  preparedDataDir,
  startServer,
  type ServerProcess,
} from '../support/server-process';

/**
 * Passkeys as a second factor (docs/decisions/037-two-factor-sign-in.md, "Passkeys"), in
 * Chromium with its virtual authenticator (over the DevTools protocol) standing in for a phone's
 * fingerprint or a security key: a client adds a passkey in Profile, signs out, and signs in with
 * the password and then the passkey; on a phone and on a laptop.
 *
 * WebAuthn takes no IP address as the relying party's id, and the shared server is at 127.0.0.1:
 * this spec starts a server of its own whose PUBLIC_URL is http://localhost:PORT, and browses
 * there (localhost counts as a secure origin).
 */

const SUPER_KEY = 'e2e-passkeys-super-key-8d41';
// One worker takes the file's tests in turn: one server of its own, not one per worker.
test.describe.configure({ mode: 'default' });
let server: ServerProcess | undefined;
let origin = '';
let ownerToken = '';

test.beforeAll(async () => {
  // A fresh install's database (a copy): a start still takes a while on a shared machine.
  test.setTimeout(300_000);
  const port = await freePort();
  origin = `http://localhost:${port}`;
  server = await startServer(
    {
      PORT: String(port),
      DATA_DIR: preparedDataDir(),
      PUBLIC_URL: origin,
      ADVOCATE_SUPER_KEY: SUPER_KEY,
    },
    { timeoutMs: 240_000 },
  );
  const registered = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(advocatePayload(OWNER, SUPER_KEY)),
  });
  expect(registered.status, await registered.clone().text()).toBe(201);
  ownerToken = ((await registered.json()) as { token: string }).token;
  // With no grace, the registration session opens only the setup of a second factor (ADR 037).
  await turnOnAuthenticator(server.url, ownerToken);
});
test.afterAll(async () => {
  if (!server) return;
  server.child.kill('SIGTERM');
  await server.exited;
});

/** A call to this spec's server; fails the test on another status. */
async function api<T>(path: string, token: string | null, body: unknown, status: number) {
  const response = await fetch(`${server!.url}/api${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(status);
  return (await response.json()) as T;
}

/** A client the owner created, who has chosen their own password. */
async function readyClient(suffix: string) {
  const email = `njeri.wambui.${suffix}@example.co.ke`;
  const created = await api<{ temporaryPassword: string }>(
    '/user-management/create-client',
    ownerToken,
    { firstName: 'Njeri', lastName: `Wambui-${suffix}`, email, phone: '+254722123456' },
    201,
  );
  const { token } = await api<{ token: string }>(
    '/auth/login',
    null,
    { email, password: created.temporaryPassword },
    200,
  );
  const password = 'Njeri-Passw0rd-1';
  await api(
    '/auth/change-password',
    token,
    { currentPassword: created.temporaryPassword, newPassword: password },
    200,
  );
  return { email, password, token };
}

/** A page with Chromium's virtual authenticator: a platform one that verifies its user. */
async function pageWithAuthenticator(browser: Browser, width: number) {
  const context = await browser.newContext({
    viewport: { width, height: width < 800 ? 780 : 800 },
  });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
    },
  });
  const credentials = async () =>
    (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials;
  return { context, page, credentials };
}

async function signOut(page: Page) {
  await page.evaluate(async () => {
    const token = window.localStorage.getItem('token');
    await fetch('/api/auth/logout', {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    window.localStorage.removeItem('token');
  });
}

for (const [label, width, firstStep] of [
  ['a phone', 360, 1],
  ['a laptop', 1366, 11],
] as const) {
  test(`on ${label}, a client adds a passkey in Profile, then signs in with the password and the passkey`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(120_000);
    const client = await readyClient(`${width}${Date.now().toString(36)}`);
    const { context, page, credentials } = await pageWithAuthenticator(browser, width);
    await page.addInitScript((value) => {
      // Signed in once, for the first visit only (a later sign-in stores its own token).
      if (!window.sessionStorage.getItem('seeded')) {
        window.sessionStorage.setItem('seeded', '1');
        window.localStorage.setItem('token', value);
      }
    }, client.token);
    let step = firstStep;
    const shot = (what: string, next?: Parameters<typeof journeyStep>[4]) =>
      journeyStep(page, testInfo, step++, `${width}-${what}`, next);

    // Profile → Two-factor sign-in → Passkeys: none yet.
    await page.goto(`${origin}/profile#two-factor`);
    const passkeys = page.getByRole('region', { name: 'Passkeys' });
    const add = passkeys.getByRole('button', { name: 'Add a passkey' });
    await expect(passkeys.getByText('No passkeys yet.')).toBeVisible();
    await add.scrollIntoViewIfNeeded();
    await shot('profile-none', add);

    // Named and the password given (a session alone adds none), then made by the device.
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
    const name = dialog.getByLabel('Name');
    await expect(name).toHaveValue(/^Passkey on /);
    await name.fill(`Njeri’s ${width < 800 ? 'phone' : 'laptop'}`);
    await dialog.getByRole('button', { name: 'Continue' }).click();
    await expect(dialog.getByText('Password is required')).toBeVisible();
    expect(await credentials()).toHaveLength(0);
    await dialog.getByLabel('Your password', { exact: true }).fill(client.password);
    await shot('add-dialog', dialog.getByRole('button', { name: 'Continue' }));
    await dialog.getByRole('button', { name: 'Continue' }).click();

    // The first second factor: ten recovery codes, shown once.
    const codes = page.getByRole('region', { name: 'Your recovery codes' });
    await expect(codes.getByRole('listitem')).toHaveCount(10);
    const saved = codes.getByRole('button', { name: 'I have saved them' });
    await shot('recovery-codes', saved);
    await saved.click();
    const list = page.getByRole('list', { name: 'Your passkeys' });
    await expect(list).toContainText(`Njeri’s ${width < 800 ? 'phone' : 'laptop'}`);
    await expect(list).toContainText('not used yet');
    await expect(
      page.getByRole('region', { name: 'Two-factor sign-in' }).getByText(/^On\. 10 of your/),
    ).toBeVisible();
    expect(await credentials()).toHaveLength(1);
    await list.scrollIntoViewIfNeeded();
    await shot('profile-listed', list.getByRole('button', { name: /^Rename / }));

    // Signed out, then in: the password, then the passkey (the account has no app).
    await signOut(page);
    await page.goto(`${origin}/login`);
    await signInThroughUi(page, client);
    const usePasskey = page.getByRole('button', { name: 'Use a passkey' });
    await expect(usePasskey).toBeFocused();
    await expect(page.getByLabel('Authentication code')).toHaveCount(0);
    await shot('second-step', usePasskey);
    await usePasskey.click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await shot('signed-in');

    await page.goto(`${origin}/profile#two-factor`);
    await expect(page.getByRole('list', { name: 'Your passkeys' })).toContainText('last used');
    await context.close();
  });
}

test('a passkey the device refuses is said in words, and another way stays open', async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const client = await readyClient(`refused${Date.now().toString(36)}`);
  const { context, page } = await pageWithAuthenticator(browser, 360);
  await page.addInitScript((value) => {
    if (!window.sessionStorage.getItem('seeded')) {
      window.sessionStorage.setItem('seeded', '1');
      window.localStorage.setItem('token', value);
    }
  }, client.token);
  await page.goto(`${origin}/profile#two-factor`);
  await page.getByRole('button', { name: 'Add a passkey' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add a passkey' });
  await dialog.getByLabel('Your password', { exact: true }).fill(client.password);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'I have saved them' }).click();
  await signOut(page);

  // Another device: this page's authenticator holds none of the account's passkeys.
  const other = await pageWithAuthenticator(browser, 360);
  await other.page.goto(`${origin}/login`);
  await signInThroughUi(other.page, client);
  await other.page.getByRole('button', { name: 'Use a passkey' }).click();
  const alert = other.page.getByRole('alert');
  await expect(alert).toContainText('Your device did not confirm the passkey');
  await journeyStep(
    other.page,
    testInfo,
    21,
    'refused',
    other.page.getByRole('button', { name: 'Use a recovery code instead' }),
  );
  await other.context.close();
  await context.close();
});
