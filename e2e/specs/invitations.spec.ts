import { expect, test } from '../support/fixtures';
import { latestMailTo } from '../support/accounts';
import { fitsWidth, overflowingElements, seriousViolations } from '../support/page-checks';
import { uniqueSuffix, useSessionToken } from '../support/user-management';
import { expectToast, newContext } from '../support/toasts';

/**
 * ADR 024 (ADR 024): an advocate adds a client; the client chooses their own password
 * from the welcome email's link on a phone and lands on the dashboard, never having seen the
 * temporary password.
 */
test.describe('invitations', () => {
  test('a new client opens the welcome email’s link on a 360 px phone and lands on the dashboard', async ({
    ownerSession,
    browser,
  }, testInfo) => {
    test.slow();
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const firstName = 'Wanjiku-Nyambura Achieng';
    const lastName = `Kamau-Odhiambo Wekesa-Mwangi ${suffix}`;
    const email = `wanjiku.nyambura.achieng.kamau-odhiambo.${suffix}@long-client-address.example.co.ke`;

    // The advocate adds the client from the clients list.
    const staff = await newContext(browser);
    const staffPage = await staff.newPage();
    await useSessionToken(staffPage, owner);
    await staffPage.goto('/clients');
    await staffPage.getByRole('button', { name: 'Add Client' }).click();
    const dialog = staffPage.getByRole('dialog', { name: 'Add Client' });
    await dialog.getByLabel('First Name').fill(firstName);
    await dialog.getByLabel('Last Name').fill(lastName);
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Create Client' }).click();
    await expectToast(staffPage, 'Client created successfully');
    const temporaryPassword = (await staffPage
      .getByRole('dialog', { name: 'Temporary Password' })
      .getByLabel('Temporary password')
      .textContent())!.trim();
    expect(temporaryPassword.length).toBeGreaterThanOrEqual(8);
    await staffPage
      .getByRole('dialog', { name: 'Temporary Password' })
      .getByRole('button', { name: 'Close', exact: true })
      .click();
    await staffPage.getByRole('searchbox', { name: 'Search clients' }).fill(suffix);
    const row = staffPage.getByRole('row').filter({ hasText: suffix });
    await expect(row.getByText('Not signed in yet')).toBeVisible();

    // The welcome email: from the firm, naming who added them, a link, no temporary password.
    let eml: string | null = null;
    await expect
      .poll(() => (eml = latestMailTo(process.env.E2E_DATA_DIR!, email)), { timeout: 10_000 })
      .not.toBeNull();
    expect(eml).toContain('Welcome to Mwamba & Associates Advocates');
    expect(eml).toContain('Wanjiru Kamau has opened an account in the client portal');
    expect(eml).not.toContain(temporaryPassword);
    const link = /\/welcome#token=[\w-]+/.exec(eml!);
    expect(link, 'the email carries the invitation link').not.toBeNull();

    // The client, on a 360 px phone.
    const phone = await newContext(browser, {
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
    });
    const page = await phone.newPage();
    await page.goto(link![0]);
    await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
    // The token leaves the address bar.
    await expect(page).toHaveURL(/\/welcome$/);
    expect(await fitsWidth(page)).toBe(true);
    expect(await overflowingElements(page)).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('New password', { exact: true }).fill('Chosen-Passw0rd-1');
    await page.getByLabel('Confirm new password').fill('Chosen-Passw0rd-1');
    await page.screenshot({ path: testInfo.outputPath('welcome-phone.png'), fullPage: true });
    await page.getByRole('button', { name: 'Set password and sign in' }).click();

    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, 'Welcome! Your password is set and you are signed in.');
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: testInfo.outputPath('dashboard-phone.png'), fullPage: true });

    // The link works once.
    const again = await phone.newPage();
    await again.goto(link![0]);
    await again.getByLabel('New password', { exact: true }).fill('Other-Passw0rd-2');
    await again.getByLabel('Confirm new password').fill('Other-Passw0rd-2');
    await again.getByRole('button', { name: 'Set password and sign in' }).click();
    await expectToast(again, /invitation link is invalid, already used or has expired/);

    // Staff no longer see them as waiting.
    await staffPage.reload();
    await staffPage.getByRole('searchbox', { name: 'Search clients' }).fill(suffix);
    await expect(staffPage.getByRole('row').filter({ hasText: suffix })).toBeVisible();
    await expect(
      staffPage.getByRole('row').filter({ hasText: suffix }).getByText('Not signed in yet'),
    ).toHaveCount(0);
    await phone.close();
    await staff.close();
  });
});
