import { expect, test } from '../support/fixtures';
import type { APIRequestContext } from '@playwright/test';
import {
  startDarajaSimulator,
  type DarajaSimulator,
} from '../../apps/server/test/daraja-simulator';
import { E2E_DARAJA } from '../support/daraja';
import { journeyStep } from '../support/journey';
import { newContext, expectToast } from '../support/toasts';
import {
  callApi,
  createReadyUser,
  ownerToken,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';
import { workingDayFrom } from '../support/working-day';

/**
 * Paying by paybill (ADR 047), as people see it: a client on a phone (360 px) opens their fee note
 * and reads which paybill and account number to use; a payment comes in at the paybill with an
 * account number that names nothing (Safaricom's confirmation posted to the app, M-Pesa's
 * Transaction Status answered by the Daraja simulator on E2E_DARAJA_PORT); staff on a desktop
 * (1366 px) open Billing › Unallocated and allocate it to the fee note, which then shows paid.
 * A screenshot per step (step-NN-*.png).
 */

test.describe.configure({ mode: 'serial' });

let simulator: DarajaSimulator;

test.beforeAll(async () => {
  simulator = await startDarajaSimulator({
    port: Number(process.env.E2E_DARAJA_PORT),
    consumerKey: E2E_DARAJA.consumerKey,
    consumerSecret: E2E_DARAJA.consumerSecret,
    shortcode: E2E_DARAJA.shortcode,
    passkey: E2E_DARAJA.passkey,
    initiatorName: E2E_DARAJA.initiatorName,
    securityCredential: E2E_DARAJA.securityCredential,
  });
});

test.afterAll(async () => {
  await simulator?.close();
});

async function issuedFeeNote(request: APIRequestContext, clientId: string, amountKsh: number) {
  const owner = await ownerToken(request);
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  const due = new Date(`${today}T12:00:00Z`);
  due.setUTCDate(due.getUTCDate() + 14);
  const draft = await callApi<{ feeNote: { id: string } }>(request, owner, 'POST', '/fee-notes', {
    clientId,
    dueDate: workingDayFrom(due.toISOString().slice(0, 10)),
    lines: [
      {
        kind: 'fee',
        description: 'Advice on the lease of shop 4',
        quantity: 1,
        unitPriceKsh: amountKsh,
      },
    ],
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

test('a client reads how to pay by paybill; staff allocate a payment that named nothing', async ({
  browser,
  request,
  ownerSession,
}, testInfo) => {
  test.setTimeout(180_000);
  const suffix = uniqueSuffix();
  const client = await createReadyUser(
    request,
    await ownerToken(request),
    suffix,
    'client',
    {},
    {
      firstName: 'Akinyi Atieno',
      lastName: `Omondi-Wekesa ${suffix}`,
      phone: '+254712345678',
    },
  );
  const note = await issuedFeeNote(request, client.id, 23_750);
  const account = note.number.replaceAll('/', '');

  // 1. The client, on their phone, opens the fee note: the paybill and account are on screen.
  const phone = await newContext(browser, {
    viewport: { width: 360, height: 780 },
    isMobile: true,
    hasTouch: true,
    baseURL: testInfo.project.use.baseURL,
  });
  const clientPage = await phone.newPage();
  await useSessionToken(clientPage, client.token);
  await clientPage.goto(`/billing/${note.id}`);
  const howTo = clientPage.getByText(/Pay from your phone’s M-Pesa menu/);
  await journeyStep(clientPage, testInfo, 1, 'client-fee-note-how-to-pay', howTo);
  await expect(howTo).toContainText(`Pay Bill ${E2E_DARAJA.shortcode}, account ${account}`);
  await expect(howTo).toBeInViewport({ ratio: 1 });
  await phone.close();

  // 2. Someone pays at the paybill with an account number that names nothing: Safaricom's
  // confirmation reaches the app, which asks M-Pesa (the simulator) before recording it.
  const { transId, body } = simulator.c2b.payPaybill({
    amountKsh: 23_750,
    accountNumber: 'AKINYI LEASE',
    firstName: 'AKINYI',
    lastName: 'OMONDI',
  });
  const confirmed = await request.post(
    `/api/payments/c2b/confirmation/${E2E_DARAJA.callbackSecret}`,
    { data: body },
  );
  expect(confirmed.status()).toBe(200);
  expect(await confirmed.json()).toEqual({ ResultCode: 0, ResultDesc: 'Accepted' });
  await expect
    .poll(
      async () => {
        const list = await callApi<{ payments: { transId: string; status: string }[] }>(
          request,
          ownerSession,
          'GET',
          '/payments/unallocated',
          undefined,
          200,
        );
        return list.payments.find((payment) => payment.transId === transId)?.status ?? 'absent';
      },
      { timeout: 30_000, message: 'M-Pesa confirms the payment and it waits for staff' },
    )
    .toBe('unallocated');

  // 3. Staff, on a desktop, open Billing › Unallocated: the payment and what was typed.
  const desk = await newContext(browser, {
    viewport: { width: 1366, height: 900 },
    baseURL: testInfo.project.use.baseURL,
  });
  const page = await desk.newPage();
  await useSessionToken(page, ownerSession);
  await page.goto('/billing?view=unallocated');
  const allocate = page.getByRole('button', { name: `Allocate ${transId}` });
  await journeyStep(page, testInfo, 2, 'staff-unallocated-list', allocate);
  const row = page.getByRole('row').filter({ has: allocate });
  await expect(row).toContainText('AKINYI LEASE');
  await expect(row).toContainText('KSh 23,750');

  // 4. Allocate it to the fee note, found by its number, with a reason.
  await allocate.click();
  const dialog = page.getByRole('dialog', { name: `Allocate ${transId}` });
  await dialog.getByRole('searchbox', { name: 'Find the fee note' }).fill(note.number);
  await dialog.getByRole('combobox', { name: /^Fee note/ }).selectOption({ index: 1 });
  await dialog
    .getByRole('textbox', { name: /^Reason/ })
    .fill('The client called: the payment was for the lease fee note');
  const submit = dialog.getByRole('button', { name: 'Allocate' });
  await journeyStep(page, testInfo, 3, 'staff-allocate-dialog', submit);
  await submit.click();
  await expectToast(page, `KSh 23,750 of ${transId} went to fee note ${note.number}.`);
  await expect(page.getByRole('button', { name: `Allocate ${transId}` })).toHaveCount(0);
  await journeyStep(page, testInfo, 4, 'staff-allocated');

  // 5. The fee note now shows paid.
  await page.goto(`/billing/${note.id}`);
  const status = page.getByText('Paid', { exact: true }).first();
  await journeyStep(page, testInfo, 5, 'fee-note-paid', status);
  await expect(status).toBeVisible();
  await desk.close();
});
