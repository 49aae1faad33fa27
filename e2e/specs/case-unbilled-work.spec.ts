import { expect, test } from '../support/fixtures';
import { journeyStep } from '../support/journey';
import { expectToast, newContext } from '../support/toasts';
import {
  callApi,
  createReadyUser,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';

/**
 * Unbilled work billed from the case (docs/product-rules.md#time-and-expenses, ADR 050), on a
 * desktop (1366 px): an advocate's month of time (several entries) and a court fee are unbilled on
 * the case; they bill it one line per entry, writing one entry down with a reason, "Bill this"
 * opens the drafted fee note, and they issue it and download its PDF (fee-note.pdf beside the
 * screenshots). The firm's unbilled work on the billing screen, and the case's unbilled view on a
 * phone (360 px), are screenshotted too (step-NN-*.png).
 */

const MINIMAL_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

const MONTH: [string, number, string, string][] = [
  ['2026-11-03', 90, 'perusal', 'Perusal of the sale agreement and the title search'],
  ['2026-11-05', 60, 'call', 'Call with the client on the county’s demolition notice'],
  ['2026-11-12', 120, 'drafting', 'Drafting the plaint and the supporting affidavit'],
  ['2026-11-19', 180, 'court appearance', 'Attending the mention at Milimani ELC'],
  ['2026-11-26', 42, 'correspondence', 'Letter to the county’s advocates on the injunction'],
];

test('an advocate bills a month’s work from the case and issues the fee note, 1366 px', async ({
  ownerSession,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(180_000);
  const owner = ownerSession;
  const suffix = uniqueSuffix();
  const client = await createReadyUser(
    request,
    owner,
    suffix,
    'client',
    {},
    {
      firstName: 'Kamau',
      lastName: `Njoroge ${suffix}`,
    },
  );
  const title = `Kamau v Nairobi City County, plot LR 209/1234 ${suffix}`;
  const opened = await callApi<{ case: { id: string; caseNumber: string } }>(
    request,
    owner,
    'POST',
    '/cases',
    {
      title,
      description: 'The county demolished the perimeter wall without notice.',
      category: 'property',
      priority: 'high',
      clientId: client.id,
    },
  );
  const caseId = opened.case.id;
  const me = await callApi<{ id: string }>(request, owner, 'GET', '/auth/me');
  await callApi(request, owner, 'PUT', `/time-rates/${me.id}`, { hourlyRateKsh: 15_000 });
  for (const [date, minutes, activity, narrative] of MONTH) {
    await callApi(request, owner, 'POST', '/time-entries', {
      caseId,
      date,
      minutes,
      activity,
      narrative,
    });
  }
  const spent = await request.fetch('/api/expenses', {
    method: 'POST',
    headers: { authorization: `Bearer ${owner}` },
    multipart: {
      caseId,
      date: '2026-11-12',
      kind: 'court_fees',
      amountKsh: '3250',
      payee: 'Milimani Law Courts',
      paidFrom: 'firm',
      file: { name: 'receipt.pdf', mimeType: 'application/pdf', buffer: MINIMAL_PDF },
    },
  });
  expect(spent.status(), await spent.text()).toBe(201);

  const context = await newContext(browser, { viewport: { width: 1366, height: 900 } });
  const page = await context.newPage();
  await useSessionToken(page, owner);

  // 1. The case's unbilled work: 8.2 h worth KSh 123,000 (492 min at KSh 15,000), KSh 3,250.
  await page.goto(`/cases/${caseId}`);
  const dialog = page.getByRole('dialog', { name: title });
  await dialog
    .getByRole('heading', { name: 'Unbilled work', exact: true })
    .scrollIntoViewIfNeeded();
  const totals = dialog.getByLabel('Unbilled totals');
  await expect(totals.getByText('8.2 h')).toBeVisible();
  await expect(totals.getByText('KSh 123,000')).toBeVisible();
  await expect(totals.getByText('KSh 3,250')).toBeVisible();
  await expect(dialog.getByText('6 chosen · KSh 126,250 to bill')).toBeVisible();
  const writeDown = dialog.getByLabel('Bill less than recorded (write-down)');
  await writeDown.scrollIntoViewIfNeeded();
  await journeyStep(page, testInfo, 1, 'unbilled-1366', writeDown);

  // 2. The call is written down to KSh 10,000 (recorded KSh 15,000), with the reason.
  await writeDown.check();
  const callAmount = dialog.getByLabel(/^Bill for .*call.* \(KSh\)/);
  await callAmount.fill('10000');
  await dialog.getByLabel('Why it is billed for less', { exact: false }).fill('Call ran long');
  await expect(
    dialog.getByText('6 chosen · KSh 121,250 to bill · KSh 5,000 written down'),
  ).toBeVisible();
  const billThis = dialog.getByRole('button', { name: 'Bill this' });
  await billThis.scrollIntoViewIfNeeded();
  await journeyStep(page, testInfo, 2, 'write-down-1366', billThis);
  await billThis.click();

  // 3. The drafted fee note: one line per entry and the court fee; then Issue.
  await expectToast(page, 'Fee note drafted from the unbilled work');
  await expect(page.getByRole('heading', { name: 'Draft fee note' })).toBeVisible();
  await expect(page.getByText(/Drafting the plaint and the supporting affidavit/)).toBeVisible();
  const issue = page.getByRole('button', { name: 'Issue', exact: true });
  await journeyStep(page, testInfo, 3, 'drafted-1366', issue);
  await issue.click();
  const confirm = page.getByRole('dialog', { name: 'Issue fee note?' });
  await confirm.getByRole('button', { name: 'Issue', exact: true }).click();
  const heading = page.getByRole('heading', { name: /^Fee note FN\/\d{4}\/\d{4,}$/ });
  await expect(heading).toBeVisible();
  const download = page.getByRole('button', { name: 'Download PDF' });
  await journeyStep(page, testInfo, 4, 'issued-1366', download);
  const downloading = page.waitForEvent('download');
  await download.click();
  const file = await downloading;
  await file.saveAs(testInfo.outputPath('fee-note.pdf'));

  // 4. Billed: nothing left unbilled on the case.
  await page.goto(`/cases/${caseId}`);
  await dialog
    .getByRole('heading', { name: 'Unbilled work', exact: true })
    .scrollIntoViewIfNeeded();
  await expect(dialog.getByText(/No unbilled work/)).toBeVisible();

  // 5. The firm's unbilled work on the billing screen (more work recorded since).
  await callApi(request, owner, 'POST', '/time-entries', {
    caseId,
    date: '2026-12-01',
    minutes: 30,
    activity: 'research',
    narrative: 'Research on the county’s power to demolish without notice',
  });
  await page.goto('/billing?view=unbilled');
  const byCase = page.getByRole('table', { name: 'Unbilled work by case' });
  await expect(
    byCase.getByRole('link', { name: `Open case ${opened.case.caseNumber}` }),
  ).toBeVisible();
  await journeyStep(page, testInfo, 5, 'firm-unbilled-1366');
  await context.close();

  // 6. The case's unbilled view on a phone.
  const phone = await newContext(browser, { viewport: { width: 360, height: 780 } });
  const small = await phone.newPage();
  await useSessionToken(small, owner);
  await small.goto(`/cases/${caseId}`);
  const onPhone = small.getByRole('dialog', { name: title });
  await onPhone
    .getByRole('heading', { name: 'Unbilled work', exact: true })
    .scrollIntoViewIfNeeded();
  await expect(onPhone.getByText('1 chosen · KSh 7,500 to bill')).toBeVisible();
  const phoneBill = onPhone.getByRole('button', { name: 'Bill this' });
  await phoneBill.scrollIntoViewIfNeeded();
  await journeyStep(small, testInfo, 6, 'unbilled-360', phoneBill);
  await phone.close();
});
