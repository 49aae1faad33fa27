import { expect, test } from '@playwright/test';
import {
  callApi,
  createReadyUser,
  ownerToken,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';
import { seriousViolations } from '../support/page-checks';
import { PDF } from '../support/files';

test.describe('secure messaging', () => {
  test('a client writes with an attachment, the advocate sees it live and answers, the client sees the answer and the read receipt', async ({
    browser,
    request,
  }) => {
    test.slow(); // two people, two browsers
    const owner = await ownerToken(request);
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
    browser,
    request,
  }) => {
    const owner = await ownerToken(request);
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
    browser,
    request,
  }) => {
    test.slow(); // 70 messages written through the API first
    const owner = await ownerToken(request);
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
