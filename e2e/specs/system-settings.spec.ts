import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures';
import {
  callApi,
  createReadyUser,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';
import { fitsWidth, seriousViolations } from '../support/page-checks';

test.describe('System Settings', () => {
  test('every tab fits a 360-pixel phone, with no serious accessibility finding', async ({
    ownerSession,
    browser,
    request,
  }) => {
    test.slow(); // every tab, each with axe: more than the default 30 s on a busy machine
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    // A request to answer, so the data-protection tab shows a row with its actions.
    const client = await createReadyUser(request, owner, suffix, 'client');
    await callApi(request, client.token, 'POST', '/profile/data-requests', {
      message: `Please delete what you may ${suffix}`,
    });

    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await useSessionToken(page, owner);
    await page.goto('/system-settings');
    await expect(page.getByRole('heading', { name: 'System Settings', level: 1 })).toBeVisible();
    const tabs = [
      { name: 'Audit log', shown: page.getByRole('table', { name: 'Audit log' }) },
      { name: 'Deliveries', shown: page.getByRole('combobox', { name: 'Channel' }) },
      { name: 'Firm settings', shown: page.getByLabel('Consultation fee (KSh)') },
      {
        name: 'Data-protection requests',
        shown: page
          .getByRole('list', { name: 'Data-protection requests' })
          .getByRole('listitem')
          .filter({ hasText: client.email }),
      },
      {
        name: 'Registration key',
        shown: page.getByText(/set in the server’s configuration/),
      },
    ];
    for (const tab of tabs) {
      await page.getByRole('tab', { name: tab.name }).click();
      await expect(page.getByRole('tab', { name: tab.name })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(tab.shown).toBeVisible();
      expect(await fitsWidth(page), `${tab.name} scrolls sideways`).toBe(true);
      // Words for the firm: no internal document names or server settings.
      await expect(page.getByRole('main')).not.toContainText(
        /\bADR \d|environment variable|DATA_DIR|advocate-super-key/,
      );
      expect(await seriousViolations(page), tab.name).toEqual([]);
    }
    await context.close();
  });

  test('an advocate reads the audit log, filters it and exports it as CSV', async ({
    ownerSession,
    page,
    request,
  }, testInfo) => {
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const client = await createReadyUser(request, owner, suffix, 'client');
    await useSessionToken(page, owner);

    await page.goto('/system-settings');
    await expect(page.getByRole('heading', { name: 'System Settings', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Audit log' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const table = page.getByRole('table', { name: 'Audit log' });
    await expect(table).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    // Whom it was done to: the new client; the action: their creation.
    await page
      .getByRole('searchbox', { name: 'Whom it was done to (name or email)' })
      .fill(client.email);
    await page.getByLabel('Action').selectOption('user.created');
    await expect(page).toHaveURL(/audit\.action=user\.created/);
    await expect(table.getByRole('row')).toHaveCount(2); // the header and one entry
    // The row reads as a sentence, with the Nairobi time in words (ADR 016).
    await expect(table.getByRole('row').nth(1)).toContainText(
      `created an account for Ready client ${suffix}`,
    );
    await expect(table.getByRole('row').nth(1)).toContainText(/\d{1,2} [A-Z][a-z]{2} \d{4}/);
    await page.screenshot({ path: testInfo.outputPath('audit-log.png') });

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^audit-log-\d{4}-\d{2}-\d{2}\.csv$/);
    const lines = readFileSync((await download.path())!, 'utf8')
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Time (UTC),Action,By (name),By (email),Target (name),Target (email),IP address,Details',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('user.created');
    expect(lines[1]).toContain(client.email);
  });

  test('an advocate changes the consultation fee and the public booking modal shows it', async ({
    ownerSession,
    browser,
    page,
    request,
  }) => {
    const owner = ownerSession;
    const before = await callApi<{ settings: Record<string, unknown> }>(
      request,
      owner,
      'GET',
      '/settings/firm',
    );
    try {
      await useSessionToken(page, owner);
      await page.goto('/system-settings?tab=firm');
      await expect(page.getByRole('tab', { name: 'Firm settings' })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      const fee = page.getByLabel('Consultation fee (KSh)');
      await expect(fee).toHaveValue(/\d+/);
      expect(await seriousViolations(page)).toEqual([]);

      // A bad value is refused with its message, and nothing typed is lost.
      await fee.fill('');
      await page.getByRole('button', { name: 'Save firm settings' }).click();
      await expect(page.getByText('Fee is required')).toBeVisible();
      await fee.fill('6500');
      await page.getByRole('button', { name: 'Save firm settings' }).click();
      await expect(page.getByText('Firm settings saved')).toBeVisible();
      await expect(page.getByText(/^Last saved .* by /)).toBeVisible();

      // A visitor (no session, no cache) opens the booking: the new fee.
      const visitorContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const visitor = await visitorContext.newPage();
      await visitor.goto('/appointments?book=consultation');
      const booking = visitor.getByRole('dialog', { name: 'Book an Appointment' });
      await expect(booking).toContainText('Consultation: 30 min, KSh 6,500.');
      await expect(booking.getByLabel('Type')).toContainText('Consultation (30 min, KSh 6,500)');
      await visitorContext.close();
    } finally {
      // The shared server's other specs book consultations: put the fee back.
      await callApi(request, owner, 'PUT', '/settings/firm', before.settings);
    }
  });
});
