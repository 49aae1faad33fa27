import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures';
import { latestMailTo } from '../support/accounts';
import { createReadyUser, uniqueSuffix, useSessionToken } from '../support/user-management';
import { journeyStep } from '../support/journey';
import { fitsWidth, seriousViolations } from '../support/page-checks';
import { expectToast, newContext } from '../support/toasts';

test.describe('Profile Settings', () => {
  test('fits a 360-pixel phone, and an advocate switches the message email off', async ({
    ownerSession,
    browser,
    request,
  }) => {
    // An advocate's Profile holds every section, professional details included.
    const advocate = await createReadyUser(request, ownerSession, uniqueSuffix(), 'advocate');
    const context = await newContext(browser, { viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await useSessionToken(page, advocate.token);
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Profile Settings', level: 1 })).toBeVisible();
    await expect(page.getByLabel('License number')).toHaveValue(/\S/);
    await expect(page.getByRole('list', { name: 'Signed-in devices' })).toBeVisible();
    // Staff get the message email only: one switch, on until switched off.
    const preferences = page.getByRole('region', { name: 'Email notifications' });
    const messageEmail = preferences.getByRole('switch', {
      name: 'A message to me is still unread after 10 minutes',
    });
    await expect(messageEmail).toHaveAttribute('aria-checked', 'true');
    await expect(preferences.getByRole('switch')).toHaveCount(1);
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await messageEmail.click();
    await expectToast(page, 'Email preferences saved');
    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'Email notifications' })
        .getByRole('switch', { name: 'A message to me is still unread after 10 minutes' }),
    ).toHaveAttribute('aria-checked', 'false');
    expect(await fitsWidth(page)).toBe(true);
    await context.close();
  });

  test('a client on a phone adds a mobile number, sees where texts go, and switches the message text on', async ({
    ownerSession,
    browser,
    request,
  }, testInfo) => {
    const client = await createReadyUser(
      request,
      ownerSession,
      uniqueSuffix(),
      'client',
      {},
      { firstName: 'Wanjiru', lastName: 'Kamau-Njoroge Wambui' },
    );
    const context = await newContext(browser, { viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await useSessionToken(page, client.token);
    await page.goto('/profile');
    const texts = page.getByRole('region', { name: 'Text messages (SMS)' });
    await expect(
      texts.getByText('Add a Kenyan mobile number under Personal details', { exact: false }),
    ).toBeVisible();
    // Appointments and court dates are on until the client switches them off; the message text
    // waits for the client's yes.
    await expect(texts.getByRole('switch', { name: /^My appointments/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    await expect(texts.getByRole('switch', { name: /^My court dates/ })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    const phone = page.getByLabel('Phone number');
    await phone.scrollIntoViewIfNeeded();
    await journeyStep(page, testInfo, 1, 'no-number-yet', phone);

    await phone.fill('0712 982 369');
    await page.getByRole('button', { name: 'Save details' }).click();
    await expect(
      texts.getByText('We text +254 712 982 369 about the things you choose below.'),
    ).toBeVisible();
    const messageText = texts.getByRole('switch', { name: /new secure message/ });
    await messageText.scrollIntoViewIfNeeded();
    await journeyStep(page, testInfo, 2, 'number-saved', messageText);

    await messageText.click();
    await expectToast(page, 'Your text message choices are saved.');
    await expect(messageText).toHaveAttribute('aria-checked', 'true');
    await journeyStep(page, testInfo, 3, 'message-text-on');
    await page.reload();
    await expect(
      page
        .getByRole('region', { name: 'Text messages (SMS)' })
        .getByRole('switch', { name: /new secure message/ }),
    ).toHaveAttribute('aria-checked', 'true');
    await context.close();
  });

  test('a client downloads their data and signs out another session', async ({
    ownerSession,
    signIn,
    newSession,
    page,
    request,
    browser,
  }) => {
    test.slow(); // two browsers and a download on a shared machine
    const suffix = uniqueSuffix();
    const client = await createReadyUser(request, ownerSession, suffix, 'client');

    // The same client on a second device.
    const otherDevice = await newContext(browser);
    const otherPage = await otherDevice.newPage();
    await signIn(otherPage, await newSession(client));
    await otherPage.goto('/dashboard');
    await expect(otherPage).toHaveURL(/\/dashboard$/);

    await signIn(page, await newSession(client));
    await page.goto('/dashboard');
    await page.getByRole('button', { name: /Account menu for/ }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Profile Settings' }).click();
    await expect(page.getByRole('heading', { name: 'Profile Settings', level: 1 })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Download my data: the JSON holds this client's account and no secrets.
    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Machine-readable (JSON)' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
    const text = readFileSync((await download.path())!, 'utf8');
    const file = JSON.parse(text) as {
      account: { id: string; email: string; role: string };
      sessions: unknown[];
      auditLog: { action: string }[];
    };
    expect(file.account).toMatchObject({ id: client.id, email: client.email, role: 'client' });
    expect(file.sessions.length).toBeGreaterThanOrEqual(3);
    expect(file.auditLog.map((row) => row.action)).toContain('profile.data_exported');
    expect(text).not.toMatch(/passwordHash|tokenHash|argon2/);

    // Beside it, the same data as a page to read or print (ADR 016).
    const downloadingCopy = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Readable copy (HTML)' }).click();
    const copy = await downloadingCopy;
    expect(copy.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.html$/);
    const html = readFileSync((await copy.path())!, 'utf8');
    expect(html).toContain('<h2>Your account</h2>');
    expect(html).toContain(client.email);
    expect(html).not.toMatch(/<script|passwordHash|tokenHash|argon2/);

    // This device is marked; the others are signed out after a confirmation.
    const devices = page.getByRole('list', { name: 'Signed-in devices' });
    await expect(devices.getByRole('listitem').filter({ hasText: 'This device' })).toHaveCount(1);
    await page.getByRole('button', { name: 'Sign out of all other devices' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sign out of all other devices?' });
    await confirm.getByRole('button', { name: 'Sign out other devices' }).click();
    await expectToast(page, /Signed out of \d+ other devices?/);
    await expect(devices.getByRole('listitem')).toHaveCount(1);

    // The other device finds itself signed out at its next request.
    await otherPage.goto('/profile');
    await expect(otherPage).toHaveURL(/\/login$/);
    await otherDevice.close();

    // This one is still signed in.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Profile Settings', level: 1 })).toBeVisible();
  });

  test('a client changes their email through the link sent to the new address', async ({
    ownerSession,
    signIn,
    page,
    request,
  }) => {
    const suffix = uniqueSuffix();
    const client = await createReadyUser(request, ownerSession, suffix, 'client');
    const newEmail = `moved.${suffix}@mwamba-e2e.test`;
    await signIn(page, client.token);
    await page.goto('/profile');

    await page.getByLabel('New email address').fill(newEmail);
    await page.getByRole('button', { name: 'Send confirmation link' }).click();
    await expect(
      page.getByText(`Waiting for confirmation: we sent a link to ${newEmail}`),
    ).toBeVisible();

    let mail: string | null = null;
    await expect
      .poll(() => (mail = latestMailTo(process.env.E2E_DATA_DIR!, newEmail)))
      .not.toBeNull();
    const link = /(http\S+\/profile\/confirm-email#token=\S+)/.exec(mail!)![1]!;
    await page.goto(link);
    await expect(page.getByText(newEmail)).toBeVisible();
    await expect(page).toHaveURL(/\/profile\/confirm-email$/);

    await page.getByRole('button', { name: 'Back to Profile Settings' }).click();
    await expect(page.getByText(`Your email address: ${newEmail}`)).toBeVisible();
  });
});
