import { expect, test } from '../support/fixtures';
import { type APIRequestContext, type Page, type Request } from '@playwright/test';
import {
  callApi,
  createReadyUser,
  ownerToken,
  signInForSetup,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';

/** The API GETs the page sends, as "/api/…" addresses, in order. */
function apiGets(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (request.method() === 'GET' && url.pathname.startsWith('/api/'))
      sent.push(`${url.pathname}${url.search}`);
  });
  return sent;
}

/** Holds the session check (GET /api/auth/me) until `release` is called. */
async function holdSessionCheck(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/me', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * A client (long Kenyan names, a phone number) opens `address` signed in, with the session check
 * held: the API GETs the page sends, and what lets the check answer.
 */
async function openAsClientWithCheckHeld(
  page: Page,
  request: APIRequestContext,
  address: string,
  person: { firstName: string; lastName: string; phone: string },
) {
  const owner = await ownerToken(request);
  const client = await createReadyUser(request, owner, uniqueSuffix(), 'client', {}, person);
  await useSessionToken(page, client.token);
  const sent = apiGets(page);
  const release = await holdSessionCheck(page);
  await page.goto(address);
  return { sent, release };
}

test.describe("a portal page's first data (asked for as the page starts, with the session check)", () => {
  test("a client's Profile asks for its data while the session is checked, shows it only once signed in, and asks once", async ({
    page,
    request,
  }) => {
    const { sent, release } = await openAsClientWithCheckHeld(page, request, '/profile', {
      firstName: 'Wanjiru Nyambura',
      lastName: 'Kamau-Otieno',
      phone: '+254 712 937 072',
    });
    // The profile is asked for before the session check has answered…
    await expect.poll(() => sent).toContain('/api/profile');
    // …and nothing of it is shown until it has: the guard still waits.
    await expect(page.getByText('Checking your session…')).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveCount(0);

    release();
    await expect(page.getByRole('heading', { name: 'Profile Settings', level: 1 })).toBeVisible();
    await expect(page.getByLabel('First name')).toHaveValue('Wanjiru Nyambura');
    await expect(page.getByRole('list', { name: 'Signed-in devices' })).toBeVisible();
    // Each asked for once: the screen took the profile's early answer, and asked for the rest.
    for (const address of ['/api/profile', '/api/auth/2fa', '/api/profile/sessions']) {
      expect(sent.filter((sentAddress) => sentAddress === address)).toHaveLength(1);
    }
  });

  test("a client's My Appointments asks for their court dates and appointments beside the session check, and for each thing once", async ({
    page,
    request,
  }) => {
    const { sent, release } = await openAsClientWithCheckHeld(page, request, '/appointments', {
      firstName: 'Mwangi Kariuki',
      lastName: 'Njoroge-Wambugu',
      phone: '+254 722 418 907',
    });
    await expect
      .poll(() => sent.some((address) => address.startsWith('/api/appointments?')))
      .toBe(true);
    expect(sent.some((address) => address.startsWith('/api/court-dates?'))).toBe(true);

    release();
    await expect(page.getByRole('heading', { name: 'My Appointments', level: 1 })).toBeVisible();
    await expect(page.getByText('No appointments found')).toBeVisible();
    // The firm's fees (asked for while the session was checked, as the page is open to anyone),
    // the court dates and the list: each once, though the page started before it knew who it was for.
    for (const start of ['/api/public-config', '/api/court-dates?', '/api/appointments?']) {
      expect(sent.filter((address) => address.startsWith(start))).toHaveLength(1);
    }
  });

  test('a client with a temporary password is taken to Change Password, and the early refusals show nothing', async ({
    ownerSession,
    page,
    request,
  }) => {
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const email = `first.data.${suffix}@mwamba-e2e.test`;
    const created = await callApi<{ temporaryPassword: string }>(
      request,
      owner,
      'POST',
      '/user-management/create-client',
      { firstName: 'Achieng', lastName: `Odhiambo-Wekesa ${suffix}`, email },
    );
    const login = await signInForSetup(request, email, created.temporaryPassword);
    expect(login.status()).toBe(200);
    await useSessionToken(page, (await login.json()).token as string);
    const sent = apiGets(page);

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/change-password$/);
    await expect(page.getByLabel('New password', { exact: true })).toBeVisible();
    // Profile's data was asked for early, refused (403), and dropped: the screen never drew, no
    // error is shown, and nobody asked for it again.
    expect(sent.filter((address) => address === '/api/profile')).toHaveLength(1);
    await expect(page.getByText('Your profile could not be loaded.')).toHaveCount(0);
    await expect(page.getByText('An error occurred')).toHaveCount(0);
    await expect(page.getByText('Your session has expired. Please sign in again.')).toHaveCount(0);
  });
});
