import { expect, test } from '../support/fixtures';
import {
  callApi,
  createReadyUser,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';
import { fitsWidth, seriousViolations, toast } from '../support/page-checks';
import { PDF, PNG } from '../support/files';
import { expectToast, newContext } from '../support/toasts';

test.describe('cases', () => {
  test('staff open a case and work on it; the client sees only what is shared', async ({
    ownerSession,
    browser,
    request,
  }) => {
    test.slow(); // two people, two browsers, uploads and downloads
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const client = await createReadyUser(request, owner, suffix, 'client');
    const clientName = `Ready client ${suffix}`;
    const title = `Boundary dispute ${suffix}`;

    // Staff (the owner advocate) create the case through the New Case modal.
    const staffContext = await newContext(browser);
    const staff = await staffContext.newPage();
    await useSessionToken(staff, owner);
    await staff.goto('/cases');
    await expect(staff.getByRole('heading', { name: 'Case Management' })).toBeVisible();
    await staff.getByRole('button', { name: 'New Case' }).click();
    const form = staff.getByRole('dialog', { name: 'New Case' });
    await form.getByRole('button', { name: 'Create Case' }).click();
    await expect(form.getByText('Title is required')).toBeVisible();
    await expect(form.getByText('Category is required')).toBeVisible();
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Description').fill('The neighbour fenced off part of plot LR 209/1234.');
    await form.getByLabel('Category').selectOption({ label: 'Property Law' });
    await form.getByLabel('Priority').selectOption('high');
    await form.getByLabel('Find client').fill(suffix);
    const clientSelect = form.getByLabel('Client', { exact: true });
    await expect(clientSelect.locator('option', { hasText: clientName })).toHaveCount(1);
    await clientSelect.selectOption({ label: `${clientName} (${client.email})` });
    expect(await seriousViolations(staff)).toEqual([]);
    await form.getByRole('button', { name: 'Create Case' }).click();
    await expectToast(staff, 'Case created successfully!');

    // The detail opens at /cases/<id>.
    const detail = staff.getByRole('dialog', { name: title });
    await expect(detail).toBeVisible();
    await expect(staff).toHaveURL(/\/cases\/[0-9a-f-]{36}$/);
    await expect(detail.getByText(/^MWA\/\d{4}\/\d{4}$/).first()).toBeVisible();

    // A shared PDF, with its progress bar.
    await detail.getByLabel('Share the files I upload next with the client').check();
    await detail.locator('input[type=file]').setInputFiles({
      name: 'Plaint.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    const progress = detail.getByRole('progressbar', { name: 'Upload of Plaint.pdf' });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute('value', '100');
    await expect(detail.getByText('Uploaded', { exact: true })).toBeVisible();
    await expect(detail.getByRole('button', { name: 'Download Plaint.pdf' })).toBeVisible();

    // A shared note and an internal one.
    await detail.getByLabel('New note').fill('Your hearing is on Monday at 9 am.');
    await detail.getByLabel('Shared with client').check();
    // Sharing is said in the button, each time.
    await detail.getByRole('button', { name: 'Add and share with the client' }).click();
    await expect(detail.getByText('Your hearing is on Monday at 9 am.')).toBeVisible();
    await detail.getByLabel('New note').fill('Internal: their surveyor’s report is weak.');
    // The next note starts internal again, whatever the last one was.
    await expect(detail.getByLabel('Internal (firm only)')).toBeChecked();
    await detail.getByRole('button', { name: 'Add Note' }).click();
    await expect(detail.getByText('Internal: their surveyor’s report is weak.')).toBeVisible();

    // Status: pending → in progress.
    await detail.getByLabel('Status').selectOption('in_progress');
    await detail.getByRole('button', { name: 'Save changes' }).click();
    await expectToast(staff, 'Case updated successfully');
    await expect(detail.getByText('Status changed from pending to in progress')).toBeVisible();
    // Once the toast has gone (axe caught it mid-fade, at part opacity, as a contrast failure).
    await expect(toast(staff, 'Case updated successfully')).toBeHidden({ timeout: 10_000 });
    expect(await seriousViolations(staff)).toEqual([]);
    await staffContext.close();

    // The client, on a phone.
    const clientContext = await newContext(browser, { viewport: { width: 360, height: 740 } });
    const phone = await clientContext.newPage();
    await useSessionToken(phone, client.token);
    await phone.goto('/cases');
    await expect(phone.getByRole('heading', { name: 'My Cases' })).toBeVisible();
    await expect(phone.getByRole('button', { name: 'New Case' })).toHaveCount(0);
    await phone.getByRole('link', { name: title }).click();
    const mine = phone.getByRole('dialog', { name: title });
    await expect(mine.getByText('Your hearing is on Monday at 9 am.')).toBeVisible();
    await expect(mine.getByText(/their surveyor/)).toHaveCount(0);
    await expect(mine.getByText('in progress').first()).toBeVisible();
    expect(await seriousViolations(phone)).toEqual([]);
    expect(await fitsWidth(phone)).toBe(true);

    const [download] = await Promise.all([
      phone.waitForEvent('download'),
      mine.getByRole('button', { name: 'Download Plaint.pdf' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('Plaint.pdf');
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(PDF)).toBe(true);

    await mine.locator('input[type=file]').setInputFiles({
      name: 'ID scan.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await expect(mine.getByRole('button', { name: 'Download ID scan.png' })).toBeVisible();
    await clientContext.close();
  });

  test('an admin without canOpenFiles cannot reach /cases, and another client’s case is not found', async ({
    ownerSession,
    browser,
    request,
  }) => {
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const admin = await createReadyUser(request, owner, suffix, 'admin'); // no toggles
    const page = await (await newContext(browser)).newPage();
    await useSessionToken(page, admin.token);
    await page.goto('/cases');
    // Told why, and who can change it, in place of the screen.
    const denied = page.getByRole('region', { name: 'Access Denied' });
    await expect(denied).toContainText(
      'An admin needs the “Open Files” permission; an advocate turns it on in Admin Management',
    );
    await expect(page.getByRole('heading', { name: 'Case Management' })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Cases' })).toHaveCount(0);

    // Seeded through the API: one client's case, opened by another client.
    const first = await createReadyUser(request, owner, `${suffix}a`, 'client');
    const second = await createReadyUser(request, owner, `${suffix}b`, 'client');
    const created = await callApi<{ case: { id: string } }>(request, owner, 'POST', '/cases', {
      title: `Private matter ${suffix}`,
      description: 'Not for anyone else.',
      category: 'family',
      priority: 'low',
      clientId: first.id,
    });
    const other = await (await newContext(browser)).newPage();
    await useSessionToken(other, second.token);
    await other.goto(`/cases/${created.case.id}`);
    await expect(other.getByRole('dialog').getByRole('alert')).toContainText('Case not found');
    await expect(other.getByText(`Private matter ${suffix}`)).toHaveCount(0);
  });

  test('on a 360 px phone, staff filter with More Filters and fill New Case from the keyboard', async ({
    ownerSession,
    browser,
    request,
  }) => {
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const client = await createReadyUser(request, owner, suffix, 'client');
    const context = await newContext(browser, { viewport: { width: 360, height: 740 } });
    const phone = await context.newPage();
    await useSessionToken(phone, owner);
    await phone.goto('/cases');
    await expect(phone.getByRole('heading', { name: 'Case Management' })).toBeVisible();

    const more = phone.getByRole('button', { name: 'More Filters' });
    await more.focus();
    await phone.keyboard.press('Enter');
    await expect(more).toHaveAttribute('aria-expanded', 'true');
    await phone.getByLabel('Category').selectOption({ label: 'Employment Law' });
    await expect(phone).toHaveURL(/category=employment/);
    expect(await fitsWidth(phone)).toBe(true);
    expect(await seriousViolations(phone)).toEqual([]);

    const newCase = phone.getByRole('button', { name: 'New Case' });
    await newCase.focus();
    await phone.keyboard.press('Enter');
    const form = phone.getByRole('dialog', { name: 'New Case' });
    await expect(form).toBeVisible();
    // Focus moves into the dialog, so typing goes to its fields.
    await expect
      .poll(() => form.evaluate((dialog) => dialog.contains(document.activeElement)))
      .toBe(true);
    await form.getByLabel('Title').fill(`Unfair dismissal ${suffix}`);
    await form.getByLabel('Find client').fill(suffix);
    await form
      .getByLabel('Client', { exact: true })
      .selectOption({ label: `Ready client ${suffix} (${client.email})` });
    await form.getByRole('button', { name: 'Add party' }).click();
    await form.getByLabel('Party 1 name').fill(`Kilimo Holdings ${suffix}`);
    await form.getByLabel('Party 1 contact (optional)').fill('legal@kilimo.example');
    expect(await fitsWidth(phone)).toBe(true);
    expect(await seriousViolations(phone)).toEqual([]);
    await phone.keyboard.press('Escape');
    await expect(form).toHaveCount(0);
  });
});
