import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures';
import { type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import {
  startDarajaSimulator,
  type DarajaSimulator,
} from '../../apps/server/test/daraja-simulator';
import { latestMailTo, signInThroughUi } from '../support/accounts';
import { E2E_DARAJA } from '../support/daraja';
import { journeyStep } from '../support/journey';
import {
  callApi,
  ownerToken,
  signInForSetup,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';
import { workingDayFrom } from '../support/working-day';

/**
 * Billing, walked on a phone (360 × 780): an advocate drafts a fee note with long lines for a
 * client with a long name and issues it (both through the UI); the client opens the link in the
 * fee note's email, signs in and pays it with M-Pesa from their phone, and downloads the receipt.
 * Then a push the client cancels on their phone, Try again and a part payment; and staff cancel
 * an issued fee note with a reason on a desktop (1366 px). A screenshot per step (step-NN-*.png).
 *
 * M-Pesa is the Daraja simulator (apps/server/test/daraja-simulator.ts), a real HTTP server on
 * E2E_DARAJA_PORT, where the test server's MPESA_* settings point (playwright.config.ts): the app
 * pushes to it, it posts Safaricom's callback to the app's PUBLIC_URL, and the app confirms the
 * outcome by the STK push query before recording anything.
 */

test.describe.configure({ mode: 'serial' });
const PHONE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true };
test.use(PHONE);

const PASSWORD = 'Nyambura-Paybill-2026!';
const FEE_LINE =
  'Drafting and filing the amended petition for the division of matrimonial property in Kitengela and Ruiru, with the supporting affidavit and the list of documents (ELC Case No. E123 of 2026)';
const DISBURSEMENT_LINE =
  'Court filing fees at the Environment and Land Court, Milimani Law Courts, Nairobi, and the commissioning of the supporting affidavit';

let simulator: DarajaSimulator;
/** The client every test here bills, made once. */
let client: { id: string; email: string; name: string };

test.beforeAll(async ({ request }) => {
  simulator = await startDarajaSimulator({
    port: Number(process.env.E2E_DARAJA_PORT),
    consumerKey: E2E_DARAJA.consumerKey,
    consumerSecret: E2E_DARAJA.consumerSecret,
    shortcode: E2E_DARAJA.shortcode,
    passkey: E2E_DARAJA.passkey,
  });
  client = await newClient(request);
});

test.afterAll(async () => {
  await simulator?.close();
});

/** A client with a long name and an M-Pesa phone, who has chosen their password. */
async function newClient(request: APIRequestContext) {
  const owner = await ownerToken(request);
  const suffix = uniqueSuffix();
  const email = `wanjiku.nyambura.odhiambo-kariuki.${suffix}@long-client-mailbox.example.co.ke`;
  const firstName = 'Wanjiku Nyambura Achieng';
  const lastName = `Odhiambo-Kariuki-Mwangi ${suffix}`;
  const created = await callApi<{ user: { id: string } }>(
    request,
    owner,
    'POST',
    '/user-management/create-client',
    { firstName, lastName, email, phone: '+254712345678' },
  );
  let invitation = '';
  await expect
    .poll(() => (invitation = latestMailTo(process.env.E2E_DATA_DIR!, email) ?? ''), {
      timeout: 10_000,
    })
    .toContain('/welcome#token=');
  const token = /\/welcome#token=([\w-]+)/.exec(invitation)![1]!;
  const accepted = await request.post('/api/auth/accept-invitation', {
    data: { token, password: PASSWORD },
  });
  expect(accepted.status(), await accepted.text()).toBe(200);
  return { id: created.user.id, email, name: `${firstName} ${lastName}` };
}

/** An issued fee note for the client, drafted and issued through the API. */
async function issuedFeeNote(request: APIRequestContext, lines: [string, number][]) {
  const owner = await ownerToken(request);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  const due = new Date(`${today}T12:00:00Z`);
  due.setUTCDate(due.getUTCDate() + 14);
  const draft = await callApi<{ feeNote: { id: string } }>(request, owner, 'POST', '/fee-notes', {
    clientId: client.id,
    dueDate: workingDayFrom(due.toISOString().slice(0, 10)),
    lines: lines.map(([description, unitPriceKsh]) => ({
      kind: 'fee',
      description,
      quantity: 1,
      unitPriceKsh,
    })),
  });
  const issued = await callApi<{ feeNote: { id: string; number: string } }>(
    request,
    owner,
    'POST',
    `/fee-notes/${draft.feeNote.id}/issue`,
    undefined,
    200,
  );
  return issued.feeNote;
}

/** A phone of the client's own, signed in (the token from the API). */
async function clientPhone(browser: Browser, request: APIRequestContext) {
  const login = await signInForSetup(request, client.email, PASSWORD);
  expect(login.status(), await login.text()).toBe(200);
  const context = await browser.newContext({ ...PHONE, baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await useSessionToken(page, ((await login.json()) as { token: string }).token);
  return { context, page };
}

/** The latest push the simulator took, once the app has made it. */
const latestPush = () => simulator.pushes[simulator.pushes.length - 1]!;

test('an advocate issues a fee note; the client pays it by M-Pesa on a phone and keeps the receipt', async ({
  ownerSession,
  page,
  browser,
}, testInfo) => {
  test.setTimeout(180_000);
  const step = (n: number, what: string, next?: Locator, on: Page = page) =>
    journeyStep(on, testInfo, n, what, next);
  await useSessionToken(page, ownerSession);

  // 1. The advocate drafts the fee note on the Billing screen: the client found by name, a fee
  // and a disbursement with long descriptions.
  await page.goto('/billing');
  const newFeeNote = page.getByRole('button', { name: 'New fee note' });
  await step(1, 'billing-staff', newFeeNote);
  await newFeeNote.click();
  const form = page.getByRole('dialog', { name: 'New fee note' });
  await form.getByLabel('Find a client').fill(client.name.split(' ').pop()!);
  const clientOption = `${client.name} (${client.email})`;
  await expect(form.getByRole('option', { name: clientOption })).toBeAttached();
  await form.getByLabel('Client', { exact: true }).selectOption({ label: clientOption });
  await form.getByLabel('Line 1: description').fill(FEE_LINE);
  await form.getByLabel('Line 1: unit price (KSh)').fill('45000');
  await form.getByRole('button', { name: 'Add line' }).click();
  await form.getByLabel('Line 2: kind').selectOption('disbursement');
  await form.getByLabel('Line 2: description').fill(DISBURSEMENT_LINE);
  await form.getByLabel('Line 2: unit price (KSh)').fill('3500');
  await expect(form.getByText('Amount: KSh 3,500')).toBeVisible();
  const saveDraft = form.getByRole('button', { name: 'Save draft' });
  await step(2, 'new-fee-note', saveDraft);
  await saveDraft.click();

  // 2. The draft, then Issue after the confirmation.
  await expect(page.getByRole('heading', { name: 'Draft fee note' })).toBeVisible();
  const feeNoteId = /\/billing\/([\w-]+)$/.exec(page.url())![1]!;
  await expect(page.getByText(FEE_LINE)).toBeVisible();
  const issue = page.getByRole('button', { name: 'Issue', exact: true });
  await step(3, 'draft', issue);
  await issue.click();
  const confirm = page.getByRole('dialog', { name: 'Issue fee note?' });
  const confirmIssue = confirm.getByRole('button', { name: 'Issue', exact: true });
  await step(4, 'confirm-issue', confirmIssue);
  await confirmIssue.click();
  const heading = page.getByRole('heading', { name: /^Fee note FN\/\d{4}\/\d{4,}$/ });
  await expect(heading).toBeVisible();
  const number = (await heading.textContent())!.replace('Fee note ', '');
  await expect(page.getByText('Issued', { exact: true }).first()).toBeVisible();
  await step(5, 'issued', page.getByRole('button', { name: 'Cancel fee note' }));

  // 3. The client's email names the fee note and links to it.
  let mail = '';
  await expect
    .poll(() => (mail = latestMailTo(process.env.E2E_DATA_DIR!, client.email) ?? ''), {
      timeout: 10_000,
    })
    .toContain(number);
  const link = new RegExp(`https?://[^\\s]+/billing/${feeNoteId}`).exec(mail)?.[0];
  expect(link, 'the email links to the fee note').toBeTruthy();

  // On their own phone: the link, then Sign In, back to the fee note.
  const phone = await browser.newContext({
    ...PHONE,
    baseURL: testInfo.project.use.baseURL,
  });
  const mine = await phone.newPage();
  try {
    await mine.goto(new URL(link!).pathname);
    const signIn = mine.getByRole('button', { name: 'Sign In' });
    await mine.getByLabel('Email address').fill(client.email);
    await mine.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await step(6, 'client-sign-in', signIn, mine);
    await signInThroughUi(mine, { email: client.email, password: PASSWORD });
    await expect(mine.getByRole('heading', { name: `Fee note ${number}` })).toBeVisible();
    await expect(mine).toHaveURL(new RegExp(`/billing/${feeNoteId}$`));
    await expect(mine.getByText(FEE_LINE)).toBeVisible();
    const balance = mine
      .getByRole('region', { name: 'Totals' })
      .getByText('Balance')
      .locator('xpath=..');
    await expect(balance).toContainText('KSh 48,500');

    // 4. Pay with M-Pesa: their phone from their profile, the balance; they confirm.
    const pay = mine.getByRole('button', { name: 'Pay with M-Pesa' });
    await step(7, 'client-fee-note', pay, mine);
    await pay.click();
    const dialog = mine.getByRole('dialog', { name: 'Pay with M-Pesa' });
    await expect(dialog.getByLabel(/M-Pesa phone number/)).toHaveValue('+254 712 345 678');
    await expect(dialog.getByLabel(/Amount \(KSh\)/)).toHaveValue('48500');
    const confirmPay = dialog.getByRole('button', { name: 'Pay KSh 48,500' });
    await step(8, 'pay-dialog', confirmPay, mine);
    // The customer takes a moment over the PIN: the callback is sent once the screen is seen.
    simulator.nextOutcome('success', { callback: 'manual' });
    await confirmPay.click();

    // 5. "Check your phone…", while the phone asks for the PIN.
    await expect(dialog.getByRole('status')).toContainText(
      'Check your phone and enter your M-Pesa PIN',
    );
    await expect(dialog).toContainText('M-Pesa is asking +254 712 345 678 to pay KSh 48,500.');
    await expect.poll(() => simulator.pushes.length).toBeGreaterThan(0);
    const push = latestPush();
    expect(push.phone).toBe('254712345678');
    expect(push.amount).toBe(48_500);
    // The account number a paybill payer would type: the number in letters and digits (ADR 034).
    expect(push.accountReference).toBe(number.replaceAll('/', ''));
    await step(
      9,
      'check-your-phone',
      dialog.getByRole('button', { name: 'Close', exact: true }),
      mine,
    );

    // The PIN entered: Safaricom's callback to the app, which asks Safaricom before believing it.
    const sent = await simulator.sendCallback(push.checkoutRequestId);
    expect(sent.status).toBe(200);
    await expect(dialog.getByRole('status')).toContainText(
      /Paid in full\. Your receipt is RC\/\d{4}\/\d+/,
      {
        timeout: 15_000,
      },
    );
    expect(simulator.queries(push.checkoutRequestId)).toBeGreaterThan(0);
    const receiptText = (await dialog.getByRole('status').textContent())!;
    const receipt = /RC\/\d{4}\/\d+/.exec(receiptText)![0];
    const downloadReceipt = dialog.getByRole('button', { name: 'Download receipt' });
    await step(10, 'paid', downloadReceipt, mine);

    // 6. The receipt, as a PDF named for its number.
    const downloading = mine.waitForEvent('download');
    await downloadReceipt.click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe(`${receipt.replaceAll('/', '-')}.pdf`);
    expect(file.suggestedFilename()).toMatch(/^RC-\d{4}-\d+\.pdf$/);
    expect(
      readFileSync((await file.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // The fee note behind it: paid, nothing owed, the payment with its receipt.
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(balance).toContainText('KSh 0');
    await expect(mine.getByText('Paid', { exact: true }).first()).toBeVisible();
    await expect(pay).toHaveCount(0);
    const payments = mine.getByRole('list', { name: 'Payments on this fee note' });
    await expect(payments).toContainText(receipt);
    const listedReceipt = payments.getByRole('button', { name: `Download receipt ${receipt}` });
    await listedReceipt.scrollIntoViewIfNeeded();
    await step(11, 'fee-note-paid', listedReceipt, mine);
  } finally {
    await phone.close();
  }
});

test('a push cancelled on the phone says so in plain words; Try again pays part of it', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const note = await issuedFeeNote(request, [
    [
      'Attendance before the Deputy Registrar for directions on the amended petition, including travel to Milimani',
      30_000,
    ],
  ]);
  const { context, page } = await clientPhone(browser, request);
  const step = (n: number, what: string, next?: Locator) =>
    journeyStep(page, testInfo, n, what, next);
  try {
    await page.goto(`/billing/${note.id}`);
    await page.getByRole('button', { name: 'Pay with M-Pesa' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pay with M-Pesa' });
    simulator.nextOutcome('cancelled');
    await dialog.getByRole('button', { name: 'Pay KSh 30,000' }).click();

    // Safaricom says 1032: cancelled by the customer.
    await expect(dialog.getByRole('status')).toContainText(
      'You cancelled the M-Pesa request on your phone. Nothing was paid.',
      { timeout: 15_000 },
    );
    const tryAgain = dialog.getByRole('button', { name: 'Try again' });
    await expect(tryAgain).toBeFocused();
    await step(12, 'push-cancelled', tryAgain);

    // Try again: the phone step, and this time part of the balance.
    await tryAgain.click();
    const amount = dialog.getByLabel(/Amount \(KSh\)/);
    await expect(dialog.getByLabel(/M-Pesa phone number/)).toBeFocused();
    await amount.fill('10000');
    const payPart = dialog.getByRole('button', { name: 'Pay KSh 10,000' });
    await step(13, 'try-again', payPart);
    await payPart.click();
    // A part payment is never announced as paid: what came in, and what is still owed.
    await expect(dialog.getByRole('status')).toContainText(
      /KSh 10,000 received; KSh 20,000 still owed\. Your receipt is RC\//,
      { timeout: 15_000 },
    );
    await dialog.getByRole('button', { name: 'Done' }).click();

    // Partly paid: KSh 20,000 still owed, and Pay still offered.
    await expect(page.getByText('Partly paid', { exact: true }).first()).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'Totals' }).getByText('Balance').locator('xpath=..'),
    ).toContainText('KSh 20,000');
    const payments = page.getByRole('list', { name: 'Payments on this fee note' });
    await expect(payments).toContainText('Failed');
    await expect(payments).toContainText(
      'You cancelled the M-Pesa request on your phone. Nothing was paid.',
    );
    await step(14, 'partly-paid', page.getByRole('button', { name: 'Pay with M-Pesa' }));
  } finally {
    await context.close();
  }
});

test('staff cancel an issued fee note with a reason, by a credit note, on a desktop', async ({
  ownerSession,
  page,
  request,
}, testInfo) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1366, height: 800 });
  const note = await issuedFeeNote(request, [
    [
      'Conveyancing of the Ruiru plot (RUIRU/KIU BLOCK 2/1234): searches, transfer and registration',
      25_000,
    ],
  ]);
  await useSessionToken(page, ownerSession);
  await page.goto(`/billing/${note.id}`);
  await expect(page.getByRole('heading', { name: `Fee note ${note.number}` })).toBeVisible();
  const cancel = page.getByRole('button', { name: 'Cancel fee note' });
  await journeyStep(page, testInfo, 15, 'desktop-issued', cancel);
  await cancel.click();
  const dialog = page.getByRole('dialog', { name: `Cancel fee note ${note.number}` });
  await dialog
    .getByLabel('Reason for cancelling')
    .fill('Billed to the wrong matter: the conveyancing is billed with the succession file.');
  const confirm = dialog.getByRole('button', { name: 'Cancel with a credit note' });
  await journeyStep(page, testInfo, 16, 'desktop-cancel', confirm);
  await confirm.click();
  await expect(dialog).toHaveCount(0);
  const cancelled = page.getByRole('region', { name: 'Cancelled' });
  await expect(cancelled).toContainText(/Cancelled by credit note CN\/\d{4}\/\d+/);
  await expect(cancelled).toContainText('Billed to the wrong matter');
  await expect(page.getByRole('button', { name: 'Cancel fee note' })).toHaveCount(0);
  await journeyStep(
    page,
    testInfo,
    17,
    'desktop-cancelled',
    page.getByRole('button', { name: 'Download PDF' }),
  );
});
