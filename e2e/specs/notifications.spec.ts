import { expect, test } from '../support/fixtures';
import {
  callApi,
  createReadyUser,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';
import { seriousViolations } from '../support/page-checks';

test.describe('notifications', () => {
  test("a client's bell counts up live while an advocate changes their case; View Details opens it", async ({
    ownerSession,
    browser,
    request,
  }) => {
    test.slow(); // two people, two browsers
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const client = await createReadyUser(request, owner, suffix, 'client');
    const created = await callApi<{ case: { id: string; caseNumber: string } }>(
      request,
      owner,
      'POST',
      '/cases',
      {
        title: `Tenancy dispute ${suffix}`,
        description: 'The landlord kept the deposit.',
        category: 'property',
        priority: 'medium',
        clientId: client.id,
      },
    );
    const caseId = created.case.id;

    // The client, on a 360 px phone.
    const clientContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const phone = await clientContext.newPage();
    await useSessionToken(phone, client.token);
    await phone.goto('/dashboard');
    const bell = phone.getByRole('button', { name: 'Notifications' });
    await expect(bell).toBeVisible();
    // The case opened for them.
    await expect(
      phone.getByRole('status').filter({ hasText: '1 unread notification' }),
    ).toHaveCount(1);
    await expect(bell).toContainText('1');

    // The advocate, in another browser, moves the case on.
    const staffContext = await browser.newContext();
    const staff = await staffContext.newPage();
    await useSessionToken(staff, owner);
    await staff.goto(`/cases/${caseId}`);
    const status = staff.getByRole('dialog').getByLabel('Status', { exact: true });
    await expect(status).toBeVisible();
    const save = staff.getByRole('dialog').getByRole('button', { name: 'Save changes' });
    // The form takes the case's values once loaded: choose again until the change registers.
    await expect(async () => {
      await status.selectOption('in_progress');
      await expect(save).toBeEnabled({ timeout: 1000 });
    }).toPass();
    await save.click();

    // No reload: the stream brings it.
    await expect(bell).toContainText('2');
    await expect(
      phone.getByRole('status').filter({ hasText: '2 unread notifications' }),
    ).toHaveCount(1);

    await bell.click();
    const panel = phone.getByRole('region', { name: 'Notifications' });
    await expect(panel).toBeVisible();
    await expect(
      panel.getByText(`Case ${created.case.caseNumber} is now in progress.`),
    ).toBeVisible();
    await expect(panel.getByText('1 minute ago').first()).toBeVisible();
    // Fits the phone: nothing sticks out sideways.
    const box = await panel.boundingBox();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await seriousViolations(phone)).toEqual([]);

    // View Details opens the case and marks the entry read.
    await panel.getByRole('link', { name: 'View Details' }).first().click();
    await expect(phone).toHaveURL(new RegExp(`/cases/${caseId}$`));
    await expect(phone.getByRole('dialog', { name: `Tenancy dispute ${suffix}` })).toBeVisible();
    await expect(
      phone.getByRole('status').filter({ hasText: '1 unread notification' }),
    ).toHaveCount(1);

    // Mark all read empties the badge (the case's dialog closed first: it holds the focus).
    await phone.keyboard.press('Escape');
    await expect(phone.getByRole('dialog')).toHaveCount(0);
    await bell.click();
    await phone.getByRole('button', { name: 'Mark all read' }).click();
    await expect(
      phone.getByRole('status').filter({ hasText: 'No unread notifications' }),
    ).toHaveCount(1);
    await expect(phone.getByTestId('notification-badge')).toHaveCount(0);

    await clientContext.close();
    await staffContext.close();
  });

  test('a client switches off an email in Profile Settings', async ({
    ownerSession,
    browser,
    request,
  }) => {
    const owner = ownerSession;
    const client = await createReadyUser(request, owner, uniqueSuffix(), 'client');
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await useSessionToken(page, client.token);
    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'Email notifications' });
    const toggle = section.getByRole('switch', { name: "My case's status changes" });
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    const saved = await callApi<{ preferences: Record<string, boolean> }>(
      request,
      client.token,
      'GET',
      '/profile/notification-preferences',
    );
    expect(saved.preferences.case_status_changed).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
