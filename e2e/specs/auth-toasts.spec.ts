import { expect, test } from '../support/fixtures';
import { E2E_SUPER_KEY, signInThroughUi } from '../support/accounts';
import { coveredBy } from '../support/journey';
import { toast } from '../support/page-checks';
import { createReadyUser, uniqueSuffix } from '../support/user-management';

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
    const shown = toast(page, 'Login successful!');
    await expect(shown).toBeVisible();
    // Where it comes to rest, once its entrance has played.
    await shown.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((played) => played.finished)),
    );
    await page.screenshot({ path: testInfo.outputPath('toast-below-header.png') });
    // A toast stays while the pointer is on it: over "Open menu" it held a phone's menu shut.
    for (const name of ['Open menu', 'Notifications']) {
      expect(await coveredBy(page.getByRole('button', { name })), name).toBe('');
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
    await expect(toast(page, 'Invalid email or password')).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('sign-in-failed.png') });

    await signInThroughUi(page, client);
    await expect(toast(page, 'Login successful!')).toBeVisible();
    const shown = await page.getByRole('status').allInnerTexts();
    await page.screenshot({ path: testInfo.outputPath('sign-in-succeeded.png') });
    // At once, not after a wait: the error toast would go by itself after its 4 seconds.
    expect(shown.join(' | ')).not.toContain('Invalid email or password');
  });

  test('a wrong super key, then the right one: only "Super key verified!" is shown', async ({
    page,
  }, testInfo) => {
    await page.goto('/register');
    const key = page.getByLabel(/^Super key/);
    const verify = page.getByRole('button', { name: 'Verify super key' });
    await key.fill('guessed-key-12345');
    await verify.click();
    const wrong = toast(page, 'Invalid super key. Contact system administrator.');
    await expect(wrong).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('super-key-wrong.png') });

    await key.fill(E2E_SUPER_KEY);
    await verify.click();
    await expect(toast(page, /Super key verified!/)).toBeVisible();
    const shown = await page.getByRole('status').allInnerTexts();
    await page.screenshot({ path: testInfo.outputPath('super-key-verified.png') });
    // At once, not after a wait: the error toast would go by itself after its 4 seconds.
    expect(shown.join(' | ')).not.toContain('Invalid super key');
  });
});
