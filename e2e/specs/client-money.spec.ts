import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/fixtures';
import { latestMailTo } from '../support/accounts';
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
 * Client money (ADR 045), walked through the screens: the advocate adds the firm's
 * client and office accounts in System Settings, records a deposit for a client with a long name,
 * pays court fees out of it and transfers to office to settle a fee note (issued through the
 * API), at 1366 px; the client reads their statement on a 360 px phone, then at 1366 px. A
 * screenshot per step (step-NN-*.png), the next control on screen, axe once per screen.
 */

test.describe.configure({ mode: 'serial' });
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true };
const PASSWORD = 'Kamau-Client-Money-2026!';

let client: { id: string; email: string; name: string };
const suffix = uniqueSuffix();
const BANK = 'Kenya Commercial Bank, Moi Avenue';
/** The accounts as the Record dialogs offer them: name (bank number). */
const CLIENT_ACCOUNT = `KCB client account ${suffix} (${BANK} 1180-C-${suffix})`;
const OFFICE_ACCOUNT = `KCB office account ${suffix} (${BANK} 1180-O-${suffix})`;

/** A client with a long name who has chosen their password (the invitation accepted). */
async function newClient(request: APIRequestContext) {
  const owner = await ownerToken(request);
  const email = `njeri.wambui.kamau-odhiambo.${suffix}@long-client-mailbox.example.co.ke`;
  const firstName = 'Njeri Wambui Atieno';
  const lastName = `Kamau-Odhiambo-Chepkoech ${suffix}`;
  const created = await callApi<{ user: { id: string } }>(
    request,
    owner,
    'POST',
    '/user-management/create-client',
    { firstName, lastName, email, phone: '+254722123456' },
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

/** An issued fee note for the client of KSh 58,000 of fees, drafted and issued through the API. */
async function issuedFeeNote(request: APIRequestContext) {
  const owner = await ownerToken(request);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  const due = new Date(`${today}T12:00:00Z`);
  due.setUTCDate(due.getUTCDate() + 14);
  const draft = await callApi<{ feeNote: { id: string } }>(request, owner, 'POST', '/fee-notes', {
    clientId: client.id,
    dueDate: workingDayFrom(due.toISOString().slice(0, 10)),
    lines: [
      {
        kind: 'fee',
        description: 'Drafting the sale agreement and the transfer of LR No. 209/11452, Kilimani',
        quantity: 1,
        unitPriceKsh: 50_000,
      },
    ],
  });
  const issued = await callApi<{
    feeNote: { id: string; number: string; totals: { balanceKsh: number } };
  }>(request, owner, 'POST', `/fee-notes/${draft.feeNote.id}/issue`, undefined, 200);
  return issued.feeNote;
}

test.beforeAll(async ({ request }) => {
  client = await newClient(request);
});

const ksh = (amount: number) => `KSh ${amount.toLocaleString('en-GB')}`;

test('staff add the accounts, record a deposit, pay court fees and settle a fee note from it', async ({
  ownerSession,
  page,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  const step = (n: number, what: string, next?: Locator) =>
    journeyStep(page, testInfo, n, what, next);
  await useSessionToken(page, ownerSession);

  // 1. System Settings › Bank and M-Pesa accounts: the client account, then the office account.
  await page.goto('/system-settings?tab=money-accounts');
  const add = page.getByRole('button', { name: 'Add account' });
  await step(1, 'accounts', add);
  const addAccount = async (kind: 'client' | 'office', name: string, number: string) => {
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add an office or client account' });
    await dialog.getByLabel(/^Name/).fill(name);
    await dialog.getByLabel(/^Kind/).selectOption(kind);
    await dialog.getByLabel(/^Bank or M-Pesa/).fill(BANK);
    await dialog.getByLabel(/^Account, paybill or till number/).fill(number);
    await dialog.getByLabel(/^Opening balance \(KSh\)/).fill('0');
    return dialog;
  };
  let dialog = await addAccount('client', `KCB client account ${suffix}`, `1180-C-${suffix}`);
  await step(2, 'add-client-account', dialog.getByRole('button', { name: 'Add account' }));
  await dialog.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByRole('cell', { name: `KCB client account ${suffix}` })).toBeVisible();
  dialog = await addAccount('office', `KCB office account ${suffix}`, `1180-O-${suffix}`);
  await dialog.getByRole('button', { name: 'Add account' }).click();
  await expect(page.getByRole('cell', { name: `KCB office account ${suffix}` })).toBeVisible();
  await step(3, 'accounts-added', add);

  // 2. The client's page: Client money, then Record receipt of KSh 1,250,000.
  await page.goto(`/clients/${client.id}`);
  const panel = page.getByRole('region', { name: 'Client money' });
  const receipt = panel.getByRole('button', { name: 'Record receipt' });
  await receipt.scrollIntoViewIfNeeded();
  await step(4, 'client-page', receipt);
  await receipt.click();
  dialog = page.getByRole('dialog', { name: 'Record client money received' });
  const record = async (amount: string, reference: string, narrative: string) => {
    await dialog.getByLabel(/^Client account/).selectOption({ label: CLIENT_ACCOUNT });
    await dialog.getByLabel(/^Amount \(KSh\)/).fill(amount);
    await dialog.getByLabel(/^Reference/).fill(reference);
    await dialog.getByLabel(/^What the money is for/).fill(narrative);
  };
  await record('1250000', 'QK7H2M9XYZ', 'Deposit towards stamp duty and court fees');
  await step(5, 'record-receipt', dialog.getByRole('button', { name: 'Record' }));
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText(ksh(1_250_000)).first()).toBeVisible();
  await expect(panel.getByText(/Money received CR\/\d{4}\/\d{4,}/)).toBeVisible();

  // 3. Court fees paid out of it.
  const payOut = panel.getByRole('button', { name: 'Record payment out' });
  await step(6, 'deposit-recorded', payOut);
  await payOut.click();
  dialog = page.getByRole('dialog', { name: 'Record a payment out for the client' });
  await record('16500', 'CHQ 004512', 'Court filing fees, Milimani Law Courts');
  await dialog.getByRole('button', { name: 'Record' }).click();
  await expect(dialog).toBeHidden();
  await expect(panel.getByText('−KSh 16,500')).toBeVisible();
  await expect(panel.getByText(ksh(1_233_500)).first()).toBeVisible();

  // 4. A fee note issued through the API, settled by a transfer to office after the question.
  const note = await issuedFeeNote(request);
  const transfer = panel.getByRole('button', { name: 'Transfer to office' });
  await step(7, 'court-fees-paid', transfer);
  await transfer.click();
  dialog = page.getByRole('dialog', { name: 'Transfer to office to settle a fee note' });
  await dialog.getByLabel(/^Client account/).selectOption({ label: CLIENT_ACCOUNT });
  const noteOption = `${note.number}: ${ksh(note.totals.balanceKsh)} to pay`;
  await expect(dialog.getByRole('option', { name: noteOption })).toBeAttached();
  await dialog.getByLabel(/^Fee note/).selectOption({ label: noteOption });
  await expect(dialog.getByLabel(/^Amount \(KSh\)/)).toHaveValue(String(note.totals.balanceKsh));
  await dialog.getByLabel(/^Office account/).selectOption({ label: OFFICE_ACCOUNT });
  await dialog.getByLabel(/^Reference/).fill('TRF-0092');
  await dialog.getByLabel(/^What the money is for/).fill(`Settles fee note ${note.number}`);
  await step(8, 'transfer', dialog.getByRole('button', { name: 'Transfer' }));
  const asked = page.waitForEvent('dialog').then(async (question) => {
    expect(question.message()).toContain(`to settle fee note ${note.number}`);
    await question.accept();
  });
  await dialog.getByRole('button', { name: 'Transfer' }).click();
  await asked;
  await expect(dialog).toBeHidden();
  const left = 1_233_500 - note.totals.balanceKsh;
  await expect(panel.getByText(ksh(left)).first()).toBeVisible();
  await expect(
    panel.getByText(new RegExp(`Transferred to office account · ${note.number}`)),
  ).toBeVisible();
  await step(9, 'transferred', panel.getByRole('button', { name: 'Record receipt' }));

  // The fee note is paid.
  const paid = await callApi<{ status: string; totals: { balanceKsh: number } }>(
    request,
    await ownerToken(request),
    'GET',
    `/fee-notes/${note.id}`,
  );
  expect(paid.status).toBe('paid');
  expect(paid.totals.balanceKsh).toBe(0);
});

async function clientPage(request: APIRequestContext, page: Page) {
  const login = await signInForSetup(request, client.email, PASSWORD);
  expect(login.status(), await login.text()).toBe(200);
  await useSessionToken(page, ((await login.json()) as { token: string }).token);
}

test.describe('the client reads their statement', () => {
  test.use(PHONE);

  test('on a 360 px phone, then at 1366 px', async ({ page, request }, testInfo) => {
    const step = (n: number, what: string, next?: Locator) =>
      journeyStep(page, testInfo, n, what, next);
    await clientPage(request, page);
    await page.goto('/client-money');
    await expect(page.getByRole('heading', { name: 'Client money', level: 1 })).toBeVisible();
    const movements = page.getByRole('heading', { name: 'Movements' });
    await expect(page.getByText('Held for you').locator('xpath=..')).toContainText('KSh');
    await step(10, 'client-statement-phone', page.getByText('Held for you'));
    await movements.scrollIntoViewIfNeeded();
    const first = page.getByRole('row').filter({ hasText: 'Money received' });
    await expect(first).toContainText(ksh(1_250_000));
    await expect(
      page.getByRole('row').filter({ hasText: 'Paid out for the client' }),
    ).toContainText('−KSh 16,500');
    await first.scrollIntoViewIfNeeded();
    await step(11, 'client-movements-phone', first);
    await expect(page.getByRole('button', { name: /Record/ })).toHaveCount(0);

    // Their statement and a receipt, as the PDFs a phone saves.
    for (const [button, name] of [
      [
        page.getByRole('button', { name: 'Download statement (PDF)' }),
        /^client-money-statement\.pdf$/,
      ],
      [first.getByRole('button', { name: /^Download receipt CR-?\/?/ }), /^CR-\d{4}-\d+\.pdf$/],
    ] as const) {
      await button.scrollIntoViewIfNeeded();
      const [download] = await Promise.all([page.waitForEvent('download'), button.click()]);
      expect(download.suggestedFilename()).toMatch(name);
      const file = testInfo.outputPath(download.suggestedFilename());
      await download.saveAs(file);
      expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
    }

    await page.setViewportSize(DESKTOP);
    await page.reload();
    await expect(page.getByRole('columnheader', { name: 'Balance' })).toBeVisible();
    await step(12, 'client-statement-desktop', page.getByRole('heading', { name: 'Movements' }));
  });
});
