import type { Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { E2E_SUPER_KEY, signInThroughUi } from '../support/accounts';
import { createReadyUser, uniqueSuffix } from '../support/user-management';
import { expectToast, toastRest, toastsSeen, type SeenToast } from '../support/toasts';

/**
 * Whether the error toast holding `error` had gone by the time `success` came in: the success
 * takes its place at once (the sign-in screens show both under one toast id). Left by itself, an
 * error stays 4 seconds; had the success merely come after that, this would not notice, but it
 * cannot fail wrongly on a slow machine either.
 */
async function leftWhenShown(page: Page, error: string, success: SeenToast & { index: number }) {
  let leftAt: number | null = null;
  await expect
    .poll(async () => {
      leftAt = (await toastsSeen(page)).find((shown) => shown.text.includes(error))?.leftAt ?? null;
      return leftAt !== null;
    })
    .toBe(true);
  await expect
    .poll(async () => (await toastsSeen(page))[success.index]?.enteredAt ?? null)
    .not.toBeNull();
  const enteredAt = (await toastsSeen(page))[success.index]!.enteredAt!;
  return leftAt! <= enteredAt;
}

// a success used to stand beside the error it answered.
test.describe('a success replaces the error it answers', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('a toast on a phone sits below the header: the menu and the bell stay in reach', async ({
    ownerSession,
    page,
    request,
  }, testInfo) => {
    const owner = ownerSession;
    const client = await createReadyUser(request, owner, uniqueSuffix(), 'client');
    await page.goto('/login');
    await signInThroughUi(page, client);
    // Where it came to rest once its entrance played, as the witness saw it: a success toast
    // leaves after 2 seconds, sooner than a busy test may look (support/toasts.ts).
    const rest = await toastRest(page, 'Login successful!');
    await page.screenshot({ path: testInfo.outputPath('toast-below-header.png') });
    // A toast stays while the pointer is on it: over "Open menu" it held a phone's menu shut.
    for (const name of ['Open menu', 'Notifications']) {
      const control = await page.getByRole('button', { name }).boundingBox();
      expect(control, name).not.toBeNull();
      const overlaps =
        rest.left < control!.x + control!.width &&
        control!.x < rest.right &&
        rest.top < control!.y + control!.height &&
        control!.y < rest.bottom;
      expect(overlaps, `the toast over ${name}`).toBe(false);
    }
  });

  test('a failed sign-in, then a good one: only "Login successful!" is shown', async ({
    ownerSession,
    page,
    request,
  }, testInfo) => {
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const client = await createReadyUser(
      request,
      owner,
      suffix,
      'client',
      {},
      {
        firstName: 'Achieng',
        lastName: 'Otieno-Mwangi',
        email: `achieng.otieno.mwangi.${suffix}@kenyan-family-business.co.ke`,
        phone: '0711 222 333',
      },
    );
    await page.goto('/login');
    await signInThroughUi(page, { email: client.email, password: 'Not-the-Passw0rd' });
    await expectToast(page, 'Invalid email or password');
    await page.screenshot({ path: testInfo.outputPath('sign-in-failed.png') });

    await signInThroughUi(page, client);
    const success = await expectToast(page, 'Login successful!');
    await page.screenshot({ path: testInfo.outputPath('sign-in-succeeded.png') });
    expect(await leftWhenShown(page, 'Invalid email or password', success)).toBe(true);
  });

  test('a wrong super key, then the right one: only "Super key verified!" is shown', async ({
    page,
  }, testInfo) => {
    await page.goto('/register');
    const key = page.getByLabel(/^Super key/);
    const verify = page.getByRole('button', { name: 'Verify super key' });
    await key.fill('guessed-key-12345');
    await verify.click();
    await expectToast(page, 'Invalid super key. Contact system administrator.');
    await page.screenshot({ path: testInfo.outputPath('super-key-wrong.png') });

    await key.fill(E2E_SUPER_KEY);
    await verify.click();
    const verified = await expectToast(page, /Super key verified!/);
    await page.screenshot({ path: testInfo.outputPath('super-key-verified.png') });
    expect(await leftWhenShown(page, 'Invalid super key', verified)).toBe(true);
  });
});
