import { expect, test } from '../support/fixtures';
import {
  callApi,
  createReadyUser,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';
import { fitsWidth, seriousViolations } from '../support/page-checks';
import { expectToast, newContext } from '../support/toasts';

test.describe('clients and enquiries', () => {
  test('an advocate finds a client, edits their phone and opens their case', async ({
    ownerSession,
    browser,
    request,
  }) => {
    // Four screens and two axe runs: near 30 s on a loaded machine (it timed out once there).
    test.slow();
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const client = await createReadyUser(request, owner, suffix, 'client');
    const title = `Lease dispute ${suffix}`;
    await callApi(request, owner, 'POST', '/cases', {
      title,
      description: 'The landlord ended the lease early.',
      category: 'property',
      priority: 'medium',
      clientId: client.id,
    });

    const context = await newContext(browser);
    const page = await context.newPage();
    await useSessionToken(page, owner);
    await page.goto('/clients');
    await expect(page.getByRole('heading', { name: 'Clients', level: 1 })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search clients' }).fill(suffix);
    await expect(page).toHaveURL(new RegExp(`search=${suffix}`));
    const link = page.getByRole('link', { name: `Ready client ${suffix}` });
    await expect(link).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await link.click();

    await expect(page.getByRole('heading', { name: `Ready client ${suffix}` })).toBeVisible();
    const phone = page.getByLabel('Phone (optional)');
    await phone.fill('0722 123 456');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expectToast(page, 'Client details updated');
    await expect(phone).toHaveValue('+254722123456');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: new RegExp(title) }).click();
    await expect(page).toHaveURL(/\/cases\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('dialog', { name: title })).toBeVisible();

    // New Case from the client page opens the cases screen's form with the client chosen.
    await page.goto(`/clients/${client.id}`);
    await page.getByRole('link', { name: 'New Case' }).click();
    const newCase = page.getByRole('dialog', { name: 'New Case' });
    await expect(newCase.getByLabel('Client', { exact: true })).toHaveValue(client.id);
    await context.close();

    // The same screens on a phone.
    const small = await newContext(browser, { viewport: { width: 360, height: 740 } });
    const mobile = await small.newPage();
    await useSessionToken(mobile, owner);
    await mobile.goto(`/clients?search=${suffix}`);
    await expect(mobile.getByRole('link', { name: `Ready client ${suffix}` })).toBeVisible();
    expect(await fitsWidth(mobile)).toBe(true);
    expect(await seriousViolations(mobile)).toEqual([]);
    await mobile.goto(`/clients/${client.id}`);
    await expect(mobile.getByLabel('Phone (optional)')).toHaveValue('+254722123456');
    expect(await fitsWidth(mobile)).toBe(true);
    expect(await seriousViolations(mobile)).toEqual([]);
    await small.close();
  });

  test('the client page lists the client’s conversations, and Message starts one naming a colleague', async ({
    ownerSession,
    browser,
    request,
  }) => {
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const client = await createReadyUser(request, owner, suffix, 'client');
    // An admin with no toggles reaches only the conversations they are named on.
    const colleague = await createReadyUser(request, owner, `${suffix}c`, 'admin');
    const earlier = await callApi<{ conversation: { id: string } }>(
      request,
      owner,
      'POST',
      '/conversations',
      {
        clientId: client.id,
        subject: `Deed copies ${suffix}`,
        body: 'Please bring the originals.',
      },
    );

    const context = await newContext(browser);
    const page = await context.newPage();
    await useSessionToken(page, owner);
    await page.goto(`/clients/${client.id}`);
    const messages = page.getByRole('region', { name: 'Messages' });
    await expect(messages.getByRole('link', { name: `Deed copies ${suffix}` })).toHaveAttribute(
      'href',
      `/messages?c=${earlier.conversation.id}`,
    );

    await page.getByRole('link', { name: 'Message', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New Message' });
    await expect(dialog.getByRole('radio', { name: new RegExp(`client ${suffix}`) })).toBeChecked();
    await dialog.getByRole('checkbox', { name: `Ready admin ${suffix}c` }).check();
    await dialog.getByLabel('Subject').fill(`Fee note ${suffix}`);
    await dialog.getByLabel('Message').fill('Our fee note is attached to your file.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(page).toHaveURL(/\/messages\?c=/);
    await expect(page.getByRole('list', { name: 'Messages' })).toContainText(
      'Our fee note is attached to your file.',
    );
    await context.close();

    // Named, the colleague now reaches it (and not the earlier one, where nobody named them).
    const theirs = await callApi<{ conversations: { subject: string }[] }>(
      request,
      colleague.token,
      'GET',
      '/conversations',
    );
    expect(theirs.conversations.map((each) => each.subject)).toEqual([`Fee note ${suffix}`]);
  });

  test('an enquiry moves new → in progress → closed, showing who changed it each time', async ({
    ownerSession,
    browser,
    request,
  }) => {
    test.slow(); // three sessions, each step checked with axe
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    // An admin who schedules appointments triages the inbox; the advocate closes the enquiry.
    const admin = await createReadyUser(request, owner, suffix, 'admin', {
      canScheduleAppointments: true,
    });
    const subject = `Tenancy notice ${suffix}`;
    const sent = await request.post('/api/contact-messages', {
      data: {
        name: `Halima Odera${suffix}`,
        email: `halima.${suffix}@visitor-e2e.test`,
        subject,
        message: 'My landlord gave me seven days to leave.',
        consent: true,
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    const move = async (token: string, to: string, changedBy: string) => {
      const context = await newContext(browser);
      const page = await context.newPage();
      await useSessionToken(page, token);
      await page.goto('/enquiries');
      const card = page.getByRole('article', { name: subject });
      await card.getByLabel('Status', { exact: true }).selectOption({ label: to });
      await card.getByRole('button', { name: `Save status and note of ${subject}` }).click();
      await expectToast(page, 'Enquiry updated');
      await expect(card.getByText(new RegExp(`^Last changed by ${changedBy} on `))).toBeVisible();
      // What was saved is what another person opening the inbox reads.
      await page.reload();
      await expect(card.getByLabel('Status', { exact: true })).toHaveValue(
        to === 'Closed' ? 'closed' : 'in_progress',
      );
      await expect(card.getByText(new RegExp(`^Last changed by ${changedBy} on `))).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    };

    const inbox = await newContext(browser);
    const first = await inbox.newPage();
    await useSessionToken(first, admin.token);
    await first.goto('/enquiries');
    const fresh = first.getByRole('article', { name: subject });
    await expect(fresh.getByLabel('Status', { exact: true })).toHaveValue('new');
    await expect(fresh.getByText(/^Last changed by /)).toHaveCount(0);
    await inbox.close();

    await move(admin.token, 'In progress', `Ready admin ${suffix}`);
    await move(owner, 'Closed', 'Wanjiru Kamau');
  });

  test('an admin who admits clients converts a contact message into a client', async ({
    ownerSession,
    browser,
    request,
  }) => {
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const admin = await createReadyUser(request, owner, suffix, 'admin', { canAdmitClients: true });
    const subject = `Help with a will ${suffix}`;
    const email = `zawadi.${suffix}@visitor-e2e.test`;
    const sent = await request.post('/api/contact-messages', {
      data: {
        name: `Zawadi Wekesa${suffix}`,
        email,
        phone: '0733 222 111',
        subject,
        message: 'My father passed away and left a handwritten will.',
        urgency: 'urgent',
        consent: true,
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);

    const context = await newContext(browser, { viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await useSessionToken(page, admin.token);
    await page.goto('/enquiries');
    await expect(page.getByRole('heading', { name: 'Enquiries', level: 1 })).toBeVisible();
    const card = page.getByRole('article', { name: subject });
    await expect(card).toBeVisible();
    await expect(card.getByText('Urgent', { exact: true })).toBeVisible();
    await expect(card.getByRole('link', { name: 'Reply by email' })).toHaveAttribute(
      'href',
      new RegExp(`^mailto:${encodeURIComponent(email).replace(/\./g, '\\.')}\\?subject=Re`),
    );
    expect(await fitsWidth(page)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    await card.getByRole('button', { name: 'Convert to client' }).click();
    const form = page.getByRole('dialog', { name: 'Convert to client' });
    await expect(form.getByLabel('Email')).toHaveValue(email);
    await expect(form.getByLabel('Last Name')).toHaveValue(`Wekesa${suffix}`);
    await form.getByRole('button', { name: 'Create Client' }).click();
    const shown = page.getByRole('dialog', { name: 'Temporary Password' });
    await expect(shown.getByLabel('Temporary password')).not.toBeEmpty();
    await shown.getByRole('button', { name: 'Close', exact: true }).click();

    const converted = page.getByRole('article', { name: subject });
    await expect(
      converted.getByRole('link', { name: `Client: Zawadi Wekesa${suffix}` }),
    ).toBeVisible();
    await expect(converted.getByLabel('Status', { exact: true })).toHaveValue('in_progress');
    expect(await seriousViolations(page)).toEqual([]);

    // A second conversion of the same person is refused with a clear message.
    const again = await request.post('/api/contact-messages', {
      data: {
        name: `Zawadi Wekesa${suffix}`,
        email,
        subject: `${subject} (again)`,
        message: 'Following up.',
        consent: true,
      },
    });
    expect(again.status()).toBe(201);
    await page.reload();
    const second = page.getByRole('article', { name: `${subject} (again)` });
    await second.getByRole('button', { name: 'Convert to client' }).click();
    const secondForm = page.getByRole('dialog', { name: 'Convert to client' });
    await secondForm.getByRole('button', { name: 'Create Client' }).click();
    await expect(secondForm.getByRole('alert')).toContainText(
      'An account with this email already exists',
    );
    await context.close();
  });
});
