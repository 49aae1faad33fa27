import { expect, test } from '../support/fixtures';
import { type Page } from '@playwright/test';
import {
  callApi,
  createReadyUser,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';
import { seriousViolations } from '../support/page-checks';
import { expectToast, newContext } from '../support/toasts';

const CONFIRM_DEACTIVATE = 'Are you sure you want to deactivate this user?';
const CONFIRM_DELETE_USER =
  'Are you sure you want to permanently delete this user? This action cannot be undone.';
const CONFIRM_DELETE_ADMIN =
  'Are you sure you want to delete this admin? This action cannot be undone.';

/** Accepts the next browser confirm, checking its text. */
function acceptNextConfirm(page: Page, text: string) {
  page.once('dialog', async (dialog) => {
    expect(dialog.type()).toBe('confirm');
    expect(dialog.message()).toBe(text);
    await dialog.accept();
  });
}

async function openAdvanced(page: Page) {
  await page.goto('/admin-management');
  await expect(page.getByRole('heading', { name: 'Admin Management (Superuser)' })).toBeVisible();
  await page.getByRole('tab', { name: 'Advanced User Management' }).click();
  await expect(page.getByRole('tab', { name: 'Advanced User Management' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
}

async function searchUsers(page: Page, text: string) {
  await page.getByRole('searchbox', { name: 'Search users' }).fill(text);
}

test.describe('user and admin management', () => {
  test.beforeEach(async ({ context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  });

  test('an advocate runs an admin account from creation to deletion', async ({
    ownerSession,
    page,
    browser,
  }) => {
    test.slow(); // one long story through two browsers: more than the default 30 s on a busy machine
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const adminName = `Zawadi Kamau${suffix}`;
    const adminEmail = `zawadi.${suffix}@mwamba-e2e.test`;
    await useSessionToken(page, owner);
    await openAdvanced(page);

    // Create an admin with one permission; the temporary password is shown once and copied.
    await page.getByRole('button', { name: 'Add Admin' }).click();
    const addAdmin = page.getByRole('dialog', { name: 'Add Admin' });
    await addAdmin.getByLabel('First Name').fill('Zawadi');
    await addAdmin.getByLabel('Last Name').fill(`Kamau${suffix}`);
    await addAdmin.getByLabel('Email').fill(adminEmail);
    await expect(addAdmin.getByText(/No permissions are enabled/)).toBeVisible();
    await addAdmin.getByRole('switch', { name: 'Open Files' }).click();
    await expect(addAdmin.getByText(/No permissions are enabled/)).toBeHidden();
    await addAdmin.getByRole('button', { name: 'Create Admin' }).click();
    await expectToast(page, 'Admin created successfully');

    const passwordDialog = page.getByRole('dialog', { name: 'Temporary Password' });
    const temporaryPassword = (await passwordDialog
      .getByLabel('Temporary password')
      .textContent())!;
    expect(temporaryPassword).toMatch(/^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{14}$/);
    await passwordDialog.getByRole('button', { name: 'Copy Password' }).click();
    await expectToast(page, 'Password copied to clipboard');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(temporaryPassword);
    await passwordDialog.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(passwordDialog).toBeHidden();

    // Create a client the same way.
    await page.getByRole('button', { name: 'Add Client' }).click();
    const addClient = page.getByRole('dialog', { name: 'Add Client' });
    await addClient.getByLabel('First Name').fill('Baraka');
    await addClient.getByLabel('Last Name').fill(`Otieno${suffix}`);
    await addClient.getByLabel('Email').fill(`baraka.${suffix}@mwamba-e2e.test`);
    await addClient.getByLabel('Phone (optional)').fill('0733 222 111');
    await addClient.getByRole('button', { name: 'Create Client' }).click();
    await expectToast(page, 'Client created successfully');
    await page
      .getByRole('dialog', { name: 'Temporary Password' })
      .getByRole('button', { name: 'Close', exact: true })
      .click();
    await searchUsers(page, suffix);
    await expect(page.getByRole('row').filter({ hasText: `Baraka Otieno${suffix}` })).toBeVisible();

    // The admin signs in with the copied password and must choose their own first.
    const adminContext = await newContext(browser);
    const adminPage = await adminContext.newPage();
    await adminPage.goto('/login');
    await adminPage.getByLabel('Email address').fill(adminEmail);
    await adminPage.getByLabel('Password', { exact: true }).fill(temporaryPassword);
    await adminPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(adminPage).toHaveURL(/\/change-password$/);
    await expect(adminPage.getByText(/signed in with a temporary password/)).toBeVisible();
    await adminPage.getByLabel('Current password').fill(temporaryPassword);
    await adminPage.getByLabel('New password', { exact: true }).fill('Zawadi-Passw0rd-1');
    await adminPage.getByLabel('Confirm new password').fill('Zawadi-Passw0rd-1');
    await adminPage.getByRole('button', { name: /change password/i }).click();
    await expect(adminPage).toHaveURL(/\/dashboard$/);

    // The advocate edits the admin's permissions.
    await searchUsers(page, adminEmail);
    const adminRow = page.getByRole('row').filter({ hasText: adminName });
    await expect(adminRow).toBeVisible();
    await adminRow.getByRole('button', { name: `Edit permissions of ${adminName}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Edit Permissions' });
    await expect(editDialog.getByRole('switch', { name: 'Open Files' })).toBeChecked();
    await editDialog.getByRole('switch', { name: 'Admit Clients' }).click();
    await editDialog.getByRole('button', { name: 'Save Permissions' }).click();
    await expectToast(page, 'Admin permissions updated successfully');
    await expect(editDialog).toBeHidden();
    await adminRow.getByRole('button', { name: `Edit permissions of ${adminName}` }).click();
    await expect(editDialog.getByRole('switch', { name: 'Admit Clients' })).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(editDialog).toBeHidden();

    // Deactivate (confirmed): the admin's session ends at once.
    acceptNextConfirm(page, CONFIRM_DEACTIVATE);
    await adminRow.getByRole('button', { name: `Deactivate ${adminName}` }).click();
    await expectToast(page, 'User deactivated successfully');
    await expect(adminRow.getByText('Inactive')).toBeVisible();
    await adminPage.reload();
    await expect(adminPage).toHaveURL(/\/login/);
    await adminContext.close();

    // Reactivate, reset the password (shown once), delete (confirmed).
    await adminRow.getByRole('button', { name: `Activate ${adminName}` }).click();
    await expectToast(page, 'User activated successfully');
    await expect(adminRow.getByText('Active', { exact: true })).toBeVisible();

    await adminRow.getByRole('button', { name: `Reset password of ${adminName}` }).click();
    await expectToast(page, 'Password reset successfully');
    const resetDialog = page.getByRole('dialog', { name: 'Temporary Password' });
    const newPassword = await resetDialog.getByLabel('Temporary password').textContent();
    expect(newPassword).not.toBe(temporaryPassword);
    await resetDialog.getByRole('button', { name: 'Close', exact: true }).click();

    acceptNextConfirm(page, CONFIRM_DELETE_USER);
    await adminRow.getByRole('button', { name: `Delete ${adminName}` }).click();
    await expectToast(page, 'User deleted successfully');
    await expect(adminRow).toHaveCount(0);
  });

  test('the Admin Overview adds, shows, switches off and deletes an admin', async ({
    ownerSession,
    page,
  }) => {
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const lastName = `Wanjiku${suffix}`;
    await useSessionToken(page, owner);
    await page.goto('/admin-management');
    await expect(page.getByRole('tab', { name: 'Admin Overview' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    for (const label of ['Total Admins', 'Active Admins', 'Inactive Admins', 'Total Cases']) {
      await expect(page.getByText(label, { exact: true })).toBeVisible();
    }

    // The one Add Admin form (the same as Advanced User Management's): the six toggles, phone
    // optional, the temporary password generated and shown once.
    await page.getByRole('button', { name: 'Add New Admin' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Admin' });
    await expect(dialog.getByRole('switch')).toHaveCount(6);
    await dialog.getByLabel('First Name').fill('Imani');
    await dialog.getByLabel('Last Name').fill(lastName);
    await dialog.getByLabel('Email').fill(`imani.${suffix}@mwamba-e2e.test`);
    await dialog.getByLabel('Phone (optional)').fill('+254 (0) 722 333 444');
    await dialog.getByRole('button', { name: 'Create Admin' }).click();
    await expect(dialog).toBeHidden();
    await page
      .getByRole('dialog', { name: 'Temporary Password' })
      .getByRole('button', { name: 'Close', exact: true })
      .click();

    await page.getByRole('searchbox', { name: 'Search admins' }).fill(lastName.toUpperCase());
    const row = page.getByRole('row').filter({ hasText: lastName });
    await expect(row).toBeVisible();
    await expect(row.getByText('Never')).toBeVisible();

    await row.getByRole('button', { name: `View details of Imani ${lastName}` }).click();
    const details = page.getByRole('dialog', { name: 'Admin Details' });
    await expect(details.getByText('+254722333444')).toBeVisible();
    await details.getByRole('button', { name: 'Deactivate' }).click();
    await expectToast(page, 'Admin status updated successfully!');
    await expect(details.getByRole('button', { name: 'Activate' })).toBeVisible();
    await details.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(row.getByText('Inactive')).toBeVisible();

    await page.getByRole('combobox', { name: 'Filter admins by status' }).selectOption('active');
    await expect(page.getByText('No admins found')).toBeVisible();
    await expect(page.getByText('Try adjusting your search criteria')).toBeVisible();
    await page.getByRole('combobox', { name: 'Filter admins by status' }).selectOption('all');

    acceptNextConfirm(page, CONFIRM_DELETE_ADMIN);
    await row.getByRole('button', { name: `Delete Imani ${lastName}` }).click();
    await expectToast(page, 'Admin deleted successfully!');
    await expect(row).toHaveCount(0);
  });

  test('is for advocates only: an admin is told why, and who may open it, with a way on', async ({
    ownerSession,
    page,
    request,
  }) => {
    const owner = ownerSession;
    const admin = await createReadyUser(request, owner, uniqueSuffix());
    await useSessionToken(page, admin.token);
    await page.goto('/admin-management');
    const denied = page.getByRole('region', { name: 'Access Denied' });
    await expect(denied).toContainText(
      'Access Denied: Only advocates (super admins) can access this page.',
    );
    await expect(denied).toContainText('Only the firm’s advocates can open this page.');
    expect(await seriousViolations(page)).toEqual([]);
    await denied.getByRole('link', { name: 'Go to your dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await callApi(request, owner, 'DELETE', `/user-management/user/${admin.id}`);
  });

  test('fits a 360 px phone: each row becomes a card, and the page never scrolls sideways', async ({
    ownerSession,
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    const owner = ownerSession;
    await callApi(request, owner, 'POST', '/user-management/create-client', {
      firstName: 'Phone',
      lastName: `Card ${uniqueSuffix()}`,
      email: `phone.card.${uniqueSuffix()}@mwamba-e2e.test`,
    });
    await useSessionToken(page, owner);
    await openAdvanced(page);
    const table = page.getByRole('table', { name: 'Users' });
    await expect(table).toBeVisible();
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('button', { name: /^Reset password of / }) })
      .first();
    const card = await row.boundingBox();
    expect(card!.x + card!.width).toBeLessThanOrEqual(360);
    // A card labels each value with its column's header.
    const label = await row
      .getByRole('cell')
      .nth(1)
      .evaluate((cell) => getComputedStyle(cell, '::before').content);
    expect(label).toBe('"Role"');
    for (const action of await row.getByRole('button').all()) {
      const box = await action.boundingBox();
      expect(box!.x + box!.width, (await action.textContent()) ?? undefined).toBeLessThanOrEqual(
        360,
      );
    }
    const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(pageWidth).toBeLessThanOrEqual(360);
    await page.getByRole('tab', { name: 'Admin Overview' }).click();
    await expect(page.getByRole('button', { name: 'Add New Admin' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      360,
    );
  });

  test('has no serious accessibility problems on either tab or in a dialog', async ({
    ownerPage: page,
  }) => {
    // Three axe reads of a full page: 11 to 16 s on a quiet machine, past the default 30 s on one
    // at load 20 (docs/benchmarks/e2e-suite-duration.md), as System Settings' tabs are.
    test.slow();
    await openAdvanced(page);
    await expect(page.getByRole('table', { name: 'Users' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Add Admin' }).click();
    await expect(page.getByRole('dialog', { name: 'Add Admin' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByRole('tab', { name: 'Admin Overview' }).click();
    await expect(page.getByRole('button', { name: 'Add New Admin' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
