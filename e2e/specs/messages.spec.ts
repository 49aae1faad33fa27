import { expect, test } from '../support/fixtures';
import { type Locator, type Page } from '@playwright/test';
import {
  callApi,
  createReadyUser,
  ownerToken,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';
import { fitsWidth, overflowingElements, seriousViolations } from '../support/page-checks';
import { PDF } from '../support/files';

test.describe('secure messaging', () => {
  test('a client writes with an attachment, the advocate sees it live and answers, the client sees the answer and the read receipt', async ({
    ownerSession,
    browser,
    request,
  }) => {
    test.slow(); // two people, two browsers
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const client = await createReadyUser(request, owner, suffix, 'client');

    // The client starts a conversation.
    const clientContext = await browser.newContext();
    const clientPage = await clientContext.newPage();
    await useSessionToken(clientPage, client.token);
    await clientPage.goto('/messages');
    await expect(
      clientPage.getByText('No conversations yet. Start one with New Message.'),
    ).toBeVisible();
    await clientPage.getByRole('button', { name: 'New Message' }).click();
    const dialog = clientPage.getByRole('dialog', { name: 'New Message' });
    await dialog.getByLabel('Subject').fill(`Title deed ${suffix}`);
    await dialog.getByLabel('Message').fill('Good morning, I have a question about my deed.');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(clientPage).toHaveURL(/\/messages\?c=/);
    const conversationId = new URL(clientPage.url()).searchParams.get('c')!;
    const clientMessages = clientPage.getByRole('list', { name: 'Messages' });
    await expect(clientMessages).toContainText('Good morning, I have a question about my deed.');

    // The advocate opens it in another browser.
    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await useSessionToken(staffPage, owner);
    await staffPage.goto(`/messages?c=${conversationId}`);
    const staffMessages = staffPage.getByRole('list', { name: 'Messages' });
    await expect(staffMessages).toContainText('Good morning, I have a question about my deed.');
    // The advocate has read it: the client's first message shows Read, live.
    await expect(clientMessages.getByText('Read', { exact: true })).toBeVisible();

    // The client sends a file with a message; the advocate sees it arrive without reloading.
    await clientPage.locator('input[type="file"]').setInputFiles({
      name: 'deed.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect(clientPage.getByRole('list', { name: 'Attachments' })).toContainText('deed.pdf');
    const clientBox = clientPage.getByRole('textbox', { name: 'Message' });
    await clientBox.fill('Here is the deed.');
    await clientBox.press('Enter');
    await expect(clientMessages).toContainText('Here is the deed.');
    await expect(staffMessages).toContainText('Here is the deed.');
    await expect(staffMessages.getByRole('button', { name: /deed\.pdf/ })).toBeVisible();
    // The advocate has the conversation open, so it is read at once: the client sees Read on the
    // message that carried the file.
    const withFile = clientMessages.getByRole('article').filter({ hasText: 'Here is the deed.' });
    await expect(withFile.getByRole('button', { name: /deed\.pdf/ })).toBeVisible();
    await expect(withFile.getByText('Read', { exact: true })).toBeVisible();

    // The advocate answers; the client sees it live, and the advocate then sees it read.
    const staffBox = staffPage.getByRole('textbox', { name: 'Message' });
    await staffBox.fill('Thank you, we will review it today.');
    await staffBox.press('Enter');
    await expect(clientMessages).toContainText('Thank you, we will review it today.');
    const answer = staffMessages.getByRole('article').filter({
      hasText: 'Thank you, we will review it today.',
    });
    await expect(answer.getByText('Read', { exact: true })).toBeVisible();

    expect(await seriousViolations(clientPage)).toEqual([]);
    expect(await seriousViolations(staffPage)).toEqual([]);

    // On a 360 px phone: the list, then the conversation with Back, then the list again.
    const phoneContext = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const phone = await phoneContext.newPage();
    await useSessionToken(phone, client.token);
    await phone.goto('/messages');
    const item = phone
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(`Title deed ${suffix}`) });
    await expect(item).toBeVisible();
    expect(await seriousViolations(phone)).toEqual([]);
    await item.click();
    await expect(phone.getByRole('list', { name: 'Messages' })).toContainText(
      'Thank you, we will review it today.',
    );
    await expect(item).toBeHidden();
    const composer = phone.getByRole('form', { name: 'Write a message' });
    const box = await composer.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(360);
    expect(await seriousViolations(phone)).toEqual([]);
    await phone.getByRole('button', { name: 'Back' }).click();
    await expect(item).toBeVisible();
    await expect(phone).toHaveURL(/\/messages$/);

    await clientContext.close();
    await staffContext.close();
    await phoneContext.close();
  });

  test('staff start a New Message by picking a client, and the client reads it', async ({
    ownerSession,
    browser,
    request,
  }) => {
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const client = await createReadyUser(request, owner, suffix, 'client');

    const staffContext = await browser.newContext();
    const staffPage = await staffContext.newPage();
    await useSessionToken(staffPage, owner);
    await staffPage.goto('/messages');
    await staffPage.getByRole('button', { name: 'New Message' }).click();
    const dialog = staffPage.getByRole('dialog', { name: 'New Message' });
    await dialog.getByLabel('Search clients').fill(client.email);
    await dialog.getByRole('radio', { name: new RegExp(`client ${suffix}`) }).check();
    await dialog.getByLabel('Subject').fill(`Engagement letter ${suffix}`);
    await dialog.getByLabel('Message').fill('Please find our engagement letter attached.');
    await dialog.locator('input[type="file"]').setInputFiles({
      name: 'engagement.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    await expect(dialog.getByRole('list', { name: 'Attachments' })).toContainText('engagement.pdf');
    await dialog.getByRole('button', { name: 'Send' }).click();
    await expect(staffPage).toHaveURL(/\/messages\?c=/);
    const staffMessages = staffPage.getByRole('list', { name: 'Messages' });
    await expect(staffMessages).toContainText('Please find our engagement letter attached.');
    await expect(staffMessages.getByRole('button', { name: /engagement\.pdf/ })).toBeVisible();
    expect(await seriousViolations(staffPage)).toEqual([]);

    // The client finds it in their list and reads it; the advocate sees Read.
    const clientContext = await browser.newContext();
    const clientPage = await clientContext.newPage();
    await useSessionToken(clientPage, client.token);
    await clientPage.goto('/messages');
    await clientPage
      .getByRole('list', { name: 'Conversations' })
      .getByRole('button', { name: new RegExp(`Engagement letter ${suffix}`) })
      .click();
    await expect(clientPage.getByRole('list', { name: 'Messages' })).toContainText(
      'Please find our engagement letter attached.',
    );
    await expect(staffMessages.getByText('Read', { exact: true })).toBeVisible();

    await staffContext.close();
    await clientContext.close();
  });

  test('older messages load when the client scrolls up, and the view stays where it was', async ({
    ownerSession,
    browser,
    request,
  }) => {
    test.slow(); // 70 messages written through the API first
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const client = await createReadyUser(request, owner, suffix, 'client');
    const created = await callApi<{ conversation: { id: string } }>(
      request,
      owner,
      'POST',
      '/conversations',
      { clientId: client.id, subject: `Long matter ${suffix}`, body: 'Message 1' },
    );
    const id = created.conversation.id;
    // A page is the newest 50: 70 messages make two.
    for (let n = 2; n <= 70; n += 1) {
      await callApi(request, owner, 'POST', `/conversations/${id}/messages`, {
        body: `Message ${n}`,
      });
    }

    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    await useSessionToken(page, client.token);
    await page.goto(`/messages?c=${id}`);
    const list = page.getByRole('list', { name: 'Messages' });
    const message = (n: number) => list.getByText(`Message ${n}`, { exact: true });
    await expect(message(70)).toBeInViewport();
    await expect(message(20)).toHaveCount(0);

    // Scrolled to the top of what is loaded: the older page comes, and the message that was at
    // the top stays in view instead of the view jumping to the oldest one.
    await list.evaluate((element) => {
      let scroller = element.parentElement;
      while (scroller && getComputedStyle(scroller).overflowY !== 'auto') {
        scroller = scroller.parentElement;
      }
      scroller!.scrollTop = 0;
    });
    await expect(message(1)).toBeAttached();
    await expect(message(21)).toBeInViewport();
    await expect(message(1)).not.toBeInViewport();
    await expect(page.getByRole('button', { name: 'Load older messages' })).toHaveCount(0);
    await context.close();
  });
});

/** Whether the whole of `locator` lies inside the page's viewport (nothing to scroll to reach it). */
async function isInsideViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize()!;
  return (
    !!box &&
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= viewport.width &&
    box.y + box.height <= viewport.height
  );
}

// the suites were green while a client could not answer on a phone, because every
// subject was short. Here everything is as long as real ones get.
test.describe('a conversation with long subjects, names, case labels, files and links', () => {
  const LONG_SUBJECT =
    'Corrections to the draft petition for the matrimonial property, Njoroge v Njoroge, before the hearing at Milimani';
  const LONG_CASE_TITLE =
    'Njoroge v Njoroge: division of matrimonial property in Kiambu, Kajiado and Nairobi counties';
  const LONG_FILE =
    'Draft_petition_matrimonial_property_Njoroge_v_Njoroge_corrections_v7_FINAL_signed_by_client.pdf';
  // An unbroken 120-character address, as people paste from the e-Citizen or Kenya Law sites.
  const LONG_URL = `https://kenyalaw.org/caselaw/cases/view/${'a1b2c3d4e5'.repeat(8)}`.slice(
    0,
    120,
  );

  async function longConversation(request: Parameters<typeof ownerToken>[0]) {
    const owner = await ownerToken(request);
    const suffix = uniqueSuffix();
    const client = await createReadyUser(
      request,
      owner,
      suffix,
      'client',
      {},
      {
        firstName: 'Wanjiku Nyambura',
        lastName: `Njoroge-Kariuki wa Gathoni ${suffix}`,
        email: `wanjiku.nyambura.njoroge.kariuki.${suffix}@matrimonial-property-consultants.co.ke`,
        phone: '0722 123 456',
      },
    );
    const created = await callApi<{ case: { id: string } }>(request, owner, 'POST', '/cases', {
      title: LONG_CASE_TITLE,
      description: 'The petition and the schedule of the properties.',
      category: 'family',
      priority: 'high',
      clientId: client.id,
    });
    const started = await callApi<{ conversation: { id: string } }>(
      request,
      owner,
      'POST',
      '/conversations',
      {
        clientId: client.id,
        caseId: created.case.id,
        subject: `${LONG_SUBJECT} ${suffix}`,
        body: `Please read the judgment first: ${LONG_URL} and write to wanjiku.nyambura.njoroge.kariuki@matrimonial-property-consultants.co.ke`,
      },
    );
    const id = started.conversation.id;
    const sent = await request.post(`/api/conversations/${id}/messages`, {
      headers: { authorization: `Bearer ${owner}` },
      multipart: {
        body: 'The corrected draft is attached.',
        file: { name: LONG_FILE, mimeType: 'application/pdf', buffer: PDF },
      },
    });
    expect(sent.status(), await sent.text()).toBe(201);
    return { owner, client, id, suffix };
  }

  for (const viewport of [
    { width: 320, height: 700 },
    { width: 360, height: 780 },
  ]) {
    test(`a client answers it by tapping Send on a ${viewport.width} px phone`, async ({
      browser,
      request,
    }, testInfo) => {
      const { client, suffix } = await longConversation(request);
      const context = await browser.newContext({ viewport, hasTouch: true, isMobile: true });
      const page = await context.newPage();
      await useSessionToken(page, client.token);
      const shot = (name: string) =>
        page.screenshot({ path: testInfo.outputPath(`${viewport.width}-${name}.png`) });

      await page.goto('/messages');
      const item = page
        .getByRole('list', { name: 'Conversations' })
        .getByRole('button', { name: new RegExp(suffix) });
      await expect(item).toBeVisible();
      await shot('1-list');
      expect(await fitsWidth(page)).toBe(true);
      expect(await overflowingElements(page)).toEqual([]);
      expect(await isInsideViewport(page, item)).toBe(true);

      await item.tap();
      const messages = page.getByRole('list', { name: 'Messages' });
      await expect(messages.getByRole('button', { name: new RegExp(LONG_FILE) })).toBeVisible();
      await expect(messages.getByRole('link', { name: LONG_URL })).toBeVisible();
      await expect(page.getByRole('heading', { name: new RegExp(suffix) })).toBeVisible();
      await shot('2-conversation');
      expect(await fitsWidth(page)).toBe(true);
      expect(await overflowingElements(page)).toEqual([]);
      const box = page.getByRole('textbox', { name: 'Message' });
      const send = page.getByRole('button', { name: 'Send' });
      expect(await isInsideViewport(page, box)).toBe(true);
      expect(await isInsideViewport(page, send)).toBe(true);
      expect(await seriousViolations(page)).toEqual([]);

      await box.tap();
      await box.fill('Asante, I have read it. Two corrections on page 4 are attached tomorrow.');
      await shot('3-typing');
      expect(await isInsideViewport(page, send)).toBe(true);
      await send.tap();
      // Sent (not the "sending" copy): the client's own message, at the foot of the conversation.
      const answer = messages
        .getByRole('article', { name: /^You, / })
        .filter({ hasText: 'Two corrections on page 4' });
      await expect(answer.getByText('Sent', { exact: true })).toBeVisible();
      await expect(answer).toBeInViewport();
      await expect(box).toHaveValue('');
      await shot('4-sent');
      expect(await fitsWidth(page)).toBe(true);
      expect(await overflowingElements(page)).toEqual([]);
      await context.close();
    });
  }

  test('the messages page keeps side margins on a desktop, and staff see it whole', async ({
    browser,
    request,
  }, testInfo) => {
    const { owner, id } = await longConversation(request);
    const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
    const page = await context.newPage();
    await useSessionToken(page, owner);
    await page.goto(`/messages?c=${id}`);
    await expect(
      page.getByRole('list', { name: 'Messages' }).getByRole('link', { name: LONG_URL }),
    ).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath('1366-conversation.png') });
    expect(await fitsWidth(page)).toBe(true);
    expect(await overflowingElements(page)).toEqual([]);
    // The heading and the panes start and end clear of the window's edges, as other pages do.
    for (const part of [
      page.getByRole('heading', { name: 'Messages', level: 1 }),
      page.getByRole('navigation', { name: 'Conversations' }),
    ]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(16);
    }
    const pane = (await page.getByRole('form', { name: 'Write a message' }).boundingBox())!;
    expect(pane.x + pane.width).toBeLessThanOrEqual(1366 - 16);
    expect(await isInsideViewport(page, page.getByRole('button', { name: 'Send' }))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
