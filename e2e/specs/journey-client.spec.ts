import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures';
import { type Page } from '@playwright/test';
import { latestMailTo } from '../support/accounts';
import { PDF } from '../support/files';
import {
  addDays,
  bubbleOverlaps,
  isCutOff,
  journeyStep,
  openWeekdays,
  pickDay,
  scrollLevelWithBubble,
  shortDay,
} from '../support/journey';
import { callApi, uniqueSuffix } from '../support/user-management';

/**
 * The client's journey (docs/journeys.md, "Client"), walked on a phone: the firm's invitation,
 * a password of their own, the dashboard, a case with a long label (shared notes, a shared
 * document with a long name, the court date), a message to the firm with an attachment and the
 * firm's answer, an appointment booked, moved and cancelled beside the court date, how to pay,
 * and Profile (details, calendar feed, their data). A screenshot per step (step-NN-*.png); then
 * the same screens once more at 1366 × 800.
 */

const CASE_TITLE =
  'Corrections to the draft petition for the matrimonial property, Njoroge v Njoroge & 2 Others (ELC Case No. E123 of 2026)';
const FILE_NAME =
  'Draft petition - matrimonial property - Njoroge v Njoroge and 2 Others - ELC E123 of 2026 - version 3 for client review.pdf';
const SHARED_NOTE =
  'We have filed the corrected petition at the Environment and Land Court in Milimani. Please read the draft and tell us if the plot numbers in paragraph 14 are right.';
const INTERNAL_NOTE = 'Internal: opposing counsel hinted at settling; do not share yet.';
const SUBJECT =
  'Plot numbers in paragraph 14 of the draft petition: the Ruiru plot was bought in 2016, not 2018';
const ATTACHMENT = 'Sale agreement for the Ruiru plot signed on 3 March 2016 (scanned copy).pdf';
const REPLY =
  'Thank you, Mrs Njoroge. We have corrected paragraph 14 and will file the amended petition before the mention.';

/** Opens the portal's menu on a phone and follows one of its links. */
async function openFromMenu(page: Page, name: string) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name, exact: true })
    .click();
}

test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

test('a client invited by the firm walks the portal on a phone, then on a desktop', async ({
  ownerSession,
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const owner = ownerSession;
  const me = await callApi<{ id: string }>(request, owner, 'GET', '/auth/me');
  const suffix = uniqueSuffix();
  const email = `grace.wambui.njoroge-kariuki.${suffix}@long-client-mailbox.example.co.ke`;
  const [bookDay, laterDay] = await openWeekdays(request, 'consultation');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  // A hearing on a weekday a few days ahead, early in the morning.
  let courtDay = addDays(today, 3);
  while ([0, 6].includes(new Date(`${courtDay}T12:00:00Z`).getUTCDay())) {
    courtDay = addDays(courtDay, 1);
  }

  // The firm adds the client, opens their case with a court date, a shared note, an internal
  // one and a shared document.
  const created = await callApi<{ user: { id: string } }>(
    request,
    owner,
    'POST',
    '/user-management/create-client',
    {
      firstName: 'Grace Wambui',
      lastName: `Njoroge-Kariuki ${suffix}`,
      email,
      phone: '+254 712 345 678',
    },
  );
  const clientId = created.user.id;
  // 1. The invitation email (read now: the firm's next emails to the client follow it).
  let invitation = '';
  await expect
    .poll(() => (invitation = latestMailTo(process.env.E2E_DATA_DIR!, email) ?? ''), {
      timeout: 10_000,
    })
    .toContain('Welcome to Mwamba & Associates Advocates');
  const link = /\/welcome#token=[\w-]+/.exec(invitation)?.[0];
  expect(link, 'the invitation carries its link').toBeTruthy();

  const opened = await callApi<{ case: { id: string; caseNumber: string } }>(
    request,
    owner,
    'POST',
    '/cases',
    {
      title: CASE_TITLE,
      description:
        'Division of matrimonial property under the Matrimonial Property Act, 2013: the home in Kitengela and two plots in Ruiru.',
      category: 'family',
      priority: 'high',
      clientId,
      assignedTo: me.id,
      court: 'Environment and Land Court, Milimani Law Courts, Nairobi',
      courtDate: `${courtDay}T09:30:00+03:00`,
      // A weekday, but perhaps a public holiday: kept as the court gave it (ADR 025).
      courtDateConfirmed: true,
    },
  );
  const caseId = opened.case.id;
  await callApi(request, owner, 'POST', `/cases/${caseId}/notes`, {
    content: SHARED_NOTE,
    visibleToClient: true,
  });
  await callApi(request, owner, 'POST', `/cases/${caseId}/notes`, { content: INTERNAL_NOTE });
  const upload = await request.post(`/api/cases/${caseId}/documents?visibleToClient=true`, {
    headers: { authorization: `Bearer ${owner}` },
    multipart: { file: { name: FILE_NAME, mimeType: 'application/pdf', buffer: PDF } },
  });
  expect(upload.status(), await upload.text()).toBe(201);

  // The client opens its link and chooses a password.
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('Njoroge-Ruiru-2016!');
  await page.getByLabel('Confirm new password').fill('Njoroge-Ruiru-2016!');
  const setPassword = page.getByRole('button', { name: 'Set password and sign in' });
  await journeyStep(page, testInfo, 1, 'welcome', setPassword);
  await setPassword.click();

  // 2. The dashboard: what is next (the court date) and what is new (the case).
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('link', { name: CASE_TITLE }).first()).toBeVisible();
  await expect(
    page.getByText('Environment and Land Court', { exact: false }).first(),
  ).toBeVisible();
  await journeyStep(
    page,
    testInfo,
    2,
    'dashboard',
    page.getByRole('button', { name: 'Open menu' }),
  );

  // 3. My Cases: the case with its long label, its shared note (not the internal one), the
  // document with its long name, and the court date.
  await openFromMenu(page, 'My Cases');
  await expect(page.getByRole('heading', { name: 'My Cases', level: 1 })).toBeVisible();
  const caseLink = page.getByRole('link', { name: new RegExp(CASE_TITLE.slice(0, 40)) }).first();
  await journeyStep(page, testInfo, 3, 'my-cases', caseLink);
  await caseLink.click();
  const detail = page.getByRole('dialog', { name: CASE_TITLE });
  await expect(detail).toBeVisible();
  await expect(detail.getByText(SHARED_NOTE)).toBeVisible();
  await expect(detail.getByText(INTERNAL_NOTE)).toHaveCount(0);
  // The document's whole name can be read: which draft it is shows at its end.
  expect(await isCutOff(detail.getByText(FILE_NAME, { exact: true }))).toBe(false);
  const download = detail.getByRole('button', { name: `Download ${FILE_NAME}` });
  await download.scrollIntoViewIfNeeded();
  await journeyStep(page, testInfo, 4, 'case-detail', download);
  const downloading = page.waitForEvent('download');
  await download.click();
  const file = await downloading;
  expect(file.suggestedFilename()).toBe(FILE_NAME);
  await detail.getByRole('button', { name: 'Close' }).first().click();
  await expect(detail).toHaveCount(0);

  // 4. Messages: a long subject, an attachment, Send within reach.
  await openFromMenu(page, 'Messages');
  const newMessage = page.getByRole('button', { name: 'New Message' });
  await journeyStep(page, testInfo, 5, 'messages', newMessage);
  await newMessage.click();
  const compose = page.getByRole('dialog', { name: 'New Message' });
  await compose
    .getByLabel('About')
    .selectOption({ label: `${opened.case.caseNumber} · ${CASE_TITLE}` });
  await compose.getByLabel('Subject').fill(SUBJECT);
  await compose
    .getByLabel('Message')
    .fill(
      'Good morning. In paragraph 14 the draft says the Ruiru plot (RUIRU/KIU BLOCK 2/1234) was bought in 2018. It was bought on 3 March 2016; the sale agreement is attached. The Kitengela house is correct.',
    );
  await compose.locator('input[type="file"]').setInputFiles({
    name: ATTACHMENT,
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(compose.getByText(ATTACHMENT)).toBeVisible();
  const send = compose.getByRole('button', { name: 'Send' });
  await journeyStep(page, testInfo, 6, 'new-message', send);
  await send.click();
  await expect(page).toHaveURL(/\/messages\?c=/);
  const conversationId = new URL(page.url()).searchParams.get('c')!;
  const thread = page.getByRole('list', { name: 'Messages' });
  await expect(
    thread.getByRole('button', { name: new RegExp(ATTACHMENT.slice(0, 30)) }),
  ).toBeVisible();

  // The firm answers; the client reads it.
  await callApi(request, owner, 'POST', `/conversations/${conversationId}/messages`, {
    body: REPLY,
  });
  await expect(thread).toContainText(REPLY);
  const box = page.getByRole('textbox', { name: 'Message' });
  await journeyStep(page, testInfo, 7, 'reply', box);

  // 5. Appointments: the court date beside the meetings; book a consultation.
  await openFromMenu(page, 'Appointments');
  const courtDates = page.getByRole('region', { name: 'Your court dates' });
  await expect(courtDates.getByText(/Environment and Land Court/)).toBeVisible();
  const book = page.getByRole('button', { name: 'Book Appointment' }).first();
  await journeyStep(page, testInfo, 8, 'appointments', book);
  await book.click();
  const booking = page.getByRole('dialog', { name: 'Book an Appointment' });
  await booking
    .getByLabel('Title')
    .fill('Go through the amended petition before the mention at Milimani');
  await booking
    .getByLabel('Description')
    .fill('I would like to read the amended petition with the advocate before it is filed.');
  await pickDay(page, bookDay);
  const slot = booking.getByRole('radio').first();
  await slot.scrollIntoViewIfNeeded();
  const clock = (await slot.getAttribute('value'))!;
  await slot.check();
  const submit = booking.getByRole('button', { name: 'Book Appointment' });
  await journeyStep(page, testInfo, 9, 'booking', submit);
  await submit.click();
  const result = page.getByRole('dialog', { name: 'Appointment requested' });
  await expect(result.getByText("Requested, awaiting the firm's confirmation")).toBeVisible();
  await expect(result.getByText('KSh 5,000')).toBeVisible();
  const done = result.getByRole('button', { name: 'Done' });
  await journeyStep(page, testInfo, 10, 'booking-result', done);
  await done.click();
  const card = page
    .getByRole('article')
    .filter({ hasText: 'Go through the amended petition before the mention at Milimani' });
  await expect(card.getByText(shortDay(bookDay))).toBeVisible();
  await expect(card.getByText(`${clock} (30 min)`)).toBeVisible();

  // Reschedule it.
  const reschedule = card.getByRole('button', { name: 'Reschedule' });
  await reschedule.scrollIntoViewIfNeeded();
  await journeyStep(page, testInfo, 11, 'booked', reschedule);
  await reschedule.click();
  const move = page.getByRole('dialog', { name: 'Reschedule Appointment' });
  await pickDay(page, laterDay);
  // Any of the day's free times: specs running beside this one book the same days, and the
  // last time of a day is the one they would all take. One taken meanwhile is refused in words,
  // and the client picks another, as a person would.
  const save = move.getByRole('button', { name: 'Reschedule' });
  let laterClock = '';
  for (let attempt = 1; attempt <= 3; attempt += 1) {
    const times = move.getByRole('radio');
    await times.first().waitFor();
    const later = times.nth(Math.floor(Math.random() * (await times.count())));
    await later.scrollIntoViewIfNeeded();
    laterClock = (await later.getAttribute('value'))!;
    await later.check();
    if (attempt === 1) await journeyStep(page, testInfo, 12, 'reschedule', save);
    await save.click();
    const moved = await move.waitFor({ state: 'detached', timeout: 7_000 }).then(
      () => true,
      () => false,
    );
    if (moved) break;
    // Only a time taken meanwhile keeps the dialog open.
    await expect(move.getByRole('alert')).toContainText('no longer available');
  }
  await expect(move).toHaveCount(0);
  await expect(card.getByText(shortDay(laterDay))).toBeVisible();
  await expect(card.getByText(`${laterClock} (30 min)`)).toBeVisible();

  // 6. Make Payment from the dashboard: the fee and how to pay, or whom to call.
  await openFromMenu(page, 'Dashboard');
  // What is owed: the consultation's fee (the figures refresh as the dashboard opens).
  const owed = page.getByRole('link', { name: /Fees pending/ });
  await expect(owed).toContainText('KSh 5,000');
  await expect(owed).toContainText('1 unpaid');
  const pay = page.getByRole('button', { name: 'Make Payment' });
  await pay.scrollIntoViewIfNeeded();
  await journeyStep(page, testInfo, 13, 'dashboard-booked', pay);
  await pay.click();
  const payment = page.getByRole('dialog', { name: 'Make Payment' });
  await expect(
    payment.getByText('Go through the amended petition before the mention at Milimani'),
  ).toBeVisible();
  await expect(
    payment
      .getByText(/M-Pesa/)
      .or(payment.getByRole('link', { name: /^\+254/ }))
      .first(),
  ).toBeVisible();
  const closePayment = payment.getByRole('button', { name: 'Close' }).last();
  await journeyStep(page, testInfo, 14, 'make-payment', closePayment);
  await closePayment.click();

  // Cancel the appointment: it says Cancelled and asks no fee.
  await openFromMenu(page, 'Appointments');
  const cancel = card.getByRole('button', { name: /^Cancel/ });
  await cancel.scrollIntoViewIfNeeded();
  await cancel.click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel Appointment' });
  await cancelDialog
    .getByLabel('Reason for cancelling')
    .fill('The advocate answered my questions by message');
  const confirmCancel = cancelDialog.getByRole('button', { name: 'Cancel Appointment' });
  await journeyStep(page, testInfo, 15, 'cancel', confirmCancel);
  await confirmCancel.click();
  await expect(cancelDialog).toHaveCount(0);

  // 7. Profile: contact details, calendar feed, their data.
  await openFromMenu(page, 'Profile Settings');
  await expect(page.getByRole('heading', { name: 'Profile Settings', level: 1 })).toBeVisible();
  await expect(page.getByLabel('First name')).toHaveValue('Grace Wambui');
  const createFeed = page.getByRole('button', { name: 'Create calendar feed' });
  await createFeed.scrollIntoViewIfNeeded();
  await journeyStep(page, testInfo, 16, 'profile', createFeed);
  await createFeed.click();
  const feed = page.getByLabel('Your calendar feed address');
  await expect(feed).toHaveValue(/^http.*\.ics$|^webcal|^http/);
  const json = page.getByRole('button', { name: 'Machine-readable (JSON)' });
  await json.scrollIntoViewIfNeeded();
  await journeyStep(page, testInfo, 17, 'calendar-feed', json);
  const jsonDownload = page.waitForEvent('download');
  await json.click();
  const data = JSON.parse(readFileSync((await (await jsonDownload).path())!, 'utf8')) as {
    account: { email: string };
  };
  expect(data.account.email).toBe(email);
  const htmlDownload = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Readable copy (HTML)' }).click();
  const html = readFileSync((await (await htmlDownload).path())!, 'utf8');
  expect(html).toContain(email);
  // The readable copy fits the narrowest phone, and reads in the product's words: sentences and
  // labels, never a code like "case.viewed" or "in_progress".
  const copy = await page.context().newPage();
  for (const width of [320, 360]) {
    await copy.setViewportSize({ width, height: 780 });
    await copy.setContent(html);
    expect(await copy.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      width,
    );
    await copy.screenshot({
      path: testInfo.outputPath(`step-17-readable-copy-${width}.png`),
      fullPage: width === 360,
    });
  }
  const words = (await copy.locator('body').innerText()).split(/\s+/);
  expect(
    words.filter((word) =>
      /^[a-z]+(_[a-z]+)+$|^(case|client|user|profile|appointment|payment|session|message|conversation|fee_note|enquiry|two_factor|passkey|account)\.[a-z_]+$/.test(
        word,
      ),
    ),
  ).toEqual([]);
  await copy.close();
  // Read on to the end of Profile: the deletion request, level with the chat bubble at the foot
  // of the screen, is clear of it, all of it, not only its middle.
  const deletion = page.getByRole('button', { name: 'Ask the firm to delete my data' });
  await scrollLevelWithBubble(page, deletion);
  await expect.poll(() => bubbleOverlaps(page, deletion)).toBe(false);
  await journeyStep(page, testInfo, 18, 'profile-end', deletion);

  // 8. The same screens on a desktop (1366 × 800): nothing sticks out, the next control in view.
  await page.setViewportSize({ width: 1366, height: 800 });
  await page.goto('/dashboard');
  await expect(page.getByRole('link', { name: CASE_TITLE }).first()).toBeVisible();
  await journeyStep(
    page,
    testInfo,
    19,
    'desktop-dashboard',
    page.getByRole('button', { name: 'Make Payment' }),
  );
  await page.goto(`/cases/${caseId}`);
  const desktopDetail = page.getByRole('dialog', { name: CASE_TITLE });
  await expect(desktopDetail.getByText(SHARED_NOTE)).toBeVisible();
  const desktopDownload = desktopDetail.getByRole('button', { name: `Download ${FILE_NAME}` });
  await desktopDownload.scrollIntoViewIfNeeded();
  await journeyStep(page, testInfo, 20, 'desktop-case', desktopDownload);
  await page.goto(`/messages?c=${conversationId}`);
  await expect(page.getByRole('list', { name: 'Messages' })).toContainText(REPLY);
  await journeyStep(
    page,
    testInfo,
    21,
    'desktop-messages',
    page.getByRole('textbox', { name: 'Message' }),
  );
  await page.goto('/appointments');
  await expect(
    page.getByRole('region', { name: 'Your court dates' }).getByText(/Environment and Land Court/),
  ).toBeVisible();
  await journeyStep(
    page,
    testInfo,
    22,
    'desktop-appointments',
    page.getByRole('button', { name: 'Book Appointment' }).first(),
  );
});
