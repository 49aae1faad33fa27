import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Locator, type Page } from '@playwright/test';
import {
  buildFixture,
  FIXTURE_CLIENTS,
  FIXTURE_MONTH,
  LEDGER_OPENINGS_KSH,
  STATEMENT_OPENING_KSH,
  type FixtureClient,
} from '../../apps/server/src/modules/client-money/statements/fixtures/november-2026';
import { expect, test } from '../support/fixtures';
import { journeyStep } from '../support/journey';
import { expectToast } from '../support/toasts';
import { callApi, ownerToken, uniqueSuffix, useSessionToken } from '../support/user-management';
import { workingDayFrom } from '../support/working-day';

/**
 * A month's reconciliation of the client account (ADR 046, docs/client-money-statements.md),
 * walked through System Settings › Reconciliation: the journal of November 2026 is set up through
 * the API as client-money.reconciliation-fixture.test.ts sets it up, and the advocate imports the
 * fixture statement (200 lines) through the file input at 1366 px, sees what was matched on
 * import and the two lines left, matches one by hand and records the other as an entry, sees the
 * three figures agree, locks the month and downloads its PDF; then the locked month on a 360 px
 * phone. A screenshot per step (step-NN-*.png), the next control on screen, axe once per screen.
 */

test.describe.configure({ mode: 'serial' });
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true };
const FILE = new URL(
  '../../apps/server/src/modules/client-money/statements/fixtures/client-account-2026-11.csv',
  import.meta.url,
);
/** The account opens on the day of October's last cheque, with the statement's balance then. */
const OPENING_DATE = '2026-10-28';
const suffix = uniqueSuffix();
const ACCOUNT = `KCB client account ${suffix}`;
/** What the three figures come to once every line is in the cash book (the fixture's story). */
const AGREED_KSH = 'KSh 22,582,380';
/** The unknown M-Pesa deposit: Mutua phoned to say he paid it from another phone (see below). */
const MPESA_LINE = 'MPESA C2B SKU9ZB7Q2M 2547****318';
/** The one bank charge nobody entered: the person records it from the statement. */
const CHARGE_LINE = 'RETURNED CHEQUE CHARGE 004512';

const titleCase = (word: string) =>
  word
    .toLowerCase()
    .replace(
      /(^|[-\s])([a-z])/g,
      (_, before: string, letter: string) => before + letter.toUpperCase(),
    );

let people: Record<FixtureClient, { id: string; label: string }>;

/**
 * The firm's November, through the API: the clients, the client and office accounts, each
 * client's money brought forward, the month's entries in the story's order, and the bank charges
 * the firm entered from its online banking as they happened (so they match on import), all but
 * the returned-cheque charge. Mutua's M-Pesa deposit from another phone was entered on the day he
 * phoned, four days before the bank's line and under no shared reference: the import cannot match
 * it, the person does.
 */
async function novemberJournal(request: APIRequestContext) {
  const owner = await ownerToken(request);
  const api = <T>(method: 'GET' | 'POST', path: string, data?: unknown, status?: number) =>
    callApi<T>(request, owner, method, path, data, status);
  people = {} as typeof people;
  let phone = 0;
  for (const [key, name] of Object.entries(FIXTURE_CLIENTS) as [FixtureClient, string][]) {
    const [first, ...rest] = name.split(' ');
    const firstName = titleCase(first!);
    const lastName = titleCase(rest.join(' '));
    const email = `${key}.${suffix}@november-reconciliation.example.co.ke`;
    const created = await api<{ user: { id: string } }>('POST', '/user-management/create-client', {
      firstName,
      lastName,
      email,
      phone: `+2547221000${String((phone += 1)).padStart(2, '0')}`,
    });
    people[key] = { id: created.user.id, label: `${firstName} ${lastName} (${email})` };
  }
  const account = async (kind: 'client' | 'office', openingBalanceKsh: number) =>
    (
      await api<{ account: { id: string } }>('POST', '/client-money/accounts', {
        name: kind === 'client' ? ACCOUNT : `KCB office account ${suffix}`,
        kind,
        institution: 'Kenya Commercial Bank, Moi Avenue',
        number: `0112-${kind}-${suffix}`,
        openingBalanceKsh,
        openingDate: OPENING_DATE,
      })
    ).account.id;
  const accountId = await account('client', STATEMENT_OPENING_KSH);
  const officeAccountId = await account('office', 0);
  const record = (body: Record<string, unknown>) =>
    api<{ entry: { id: string; kind: string; reference: string } }>(
      'POST',
      '/client-money/entries',
      { accountId, ...body },
    );

  // Brought forward: what each client held at the end of October, before October's own entries
  // after the opening day (cheque 004498 written on the 28th, the M-Pesa payment of the 31st).
  const broughtForward: Record<FixtureClient, number> = {
    ...LEDGER_OPENINGS_KSH,
    njeri: LEDGER_OPENINGS_KSH.njeri + 120_000,
    mohamed: LEDGER_OPENINGS_KSH.mohamed - 48_500,
  };
  for (const [client, amountKsh] of Object.entries(broughtForward) as [FixtureClient, number][]) {
    await record({
      kind: 'receipt',
      date: OPENING_DATE,
      clientId: people[client].id,
      amountKsh,
      reference: 'Brought forward',
      narrative: 'Held for the client when the client account was opened',
    });
  }

  const draft = await api<{ feeNote: { id: string } }>('POST', '/fee-notes', {
    clientId: people.otieno.id,
    dueDate: workingDayFrom('2027-01-15'),
    lines: [
      {
        kind: 'fee',
        description: 'Professional fees, Nakuru CMCC 4471 of 2025',
        quantity: 1,
        unitPriceKsh: 150_000,
      },
    ],
  });
  const feeNote = await api<{ feeNote: { id: string } }>(
    'POST',
    `/fee-notes/${draft.feeNote.id}/issue`,
    undefined,
    200,
  );
  const received = new Map<string, string>();
  for (const entry of buildFixture().entries) {
    const base = {
      date: entry.date,
      clientId: people[entry.clientId as FixtureClient].id,
      amountKsh: Math.abs(entry.amountKsh),
      reference: entry.reference,
      narrative: entry.narrative,
    };
    const body = entry.narrative.startsWith('Reversal')
      ? {
          kind: 'reversal',
          date: entry.date,
          reversesId: received.get(entry.reference),
          reason: 'Cheque 004512 returned unpaid',
        }
      : entry.reference === 'FN/2026/0417'
        ? { ...base, kind: 'transfer_to_office', officeAccountId, feeNoteId: feeNote.feeNote.id }
        : { ...base, kind: entry.amountKsh > 0 ? 'receipt' : 'payment' };
    const { entry: done } = await record(body);
    if (done.kind === 'receipt') received.set(done.reference, done.id);
  }

  const charges: [FixtureClient, string, string, number][] = [
    ['njeri', '2026-11-06', 'FT26310PQ7M1', 500],
    ['njeri', '2026-11-06', 'FT26310PQ7M1', 100],
    ['wairimu', '2026-11-13', '004512', 300],
    ['otieno', '2026-11-23', 'FT26327ZT4C8', 500],
    ['otieno', '2026-11-23', 'FT26327ZT4C8', 100],
    ['njeri', '2026-11-26', 'FT26330LM2N6', 500],
    ['njeri', '2026-11-26', 'FT26330LM2N6', 100],
  ];
  for (const [client, date, reference, amountKsh] of charges) {
    await record({
      kind: 'payment',
      date,
      clientId: people[client].id,
      amountKsh,
      reference,
      narrative: amountKsh === 500 ? 'Bank charge' : 'Excise duty on the bank charge',
    });
  }
  await record({
    kind: 'receipt',
    date: '2026-11-24',
    clientId: people.mutua.id,
    amountKsh: 23_750,
    reference: 'Paid from his wife’s phone',
    narrative: 'Deposit on account of costs, as the client told us by phone',
  });
}

/** The figure beside `label` in the three figures. */
const figure = (page: Page, label: string) =>
  page
    .locator('dl > div')
    .filter({ has: page.getByText(label, { exact: true }) })
    .locator('dd');

test.beforeAll(async ({ request }) => {
  // Some 220 entries through HTTP on a busy machine: longer than a test's usual 30 s.
  test.setTimeout(180_000);
  await novemberJournal(request);
});

test('an advocate imports November’s statement, matches what is left and locks the month', async ({
  ownerSession,
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  const step = (n: number, what: string, next?: Locator) =>
    journeyStep(page, testInfo, n, what, next);
  await useSessionToken(page, ownerSession);

  // 1. System Settings › Reconciliation: the client account and November.
  await page.goto('/system-settings?tab=reconciliation');
  await page.getByLabel('Client account').selectOption({ label: ACCOUNT });
  await page.getByLabel('Month').fill(FIXTURE_MONTH);
  await expect(
    page.getByRole('heading', { name: 'The three figures: November 2026' }),
  ).toBeVisible();
  await expect(figure(page, 'Adjusted statement balance')).toHaveText('No statement yet');
  const file = page.getByLabel('Statement (CSV)');
  await step(1, 'reconciliation', file);

  // 2. The fixture statement through the file input: 198 lines matched on import, 2 left.
  await file.setInputFiles({
    name: 'client-account-2026-11.csv',
    mimeType: 'text/csv',
    buffer: readFileSync(FILE),
  });
  await page.getByRole('button', { name: 'Import statement' }).click();
  await expectToast(page, 'Statement imported');
  await expect(page.getByText('198 lines matched this month, 2 unmatched')).toBeVisible();
  await expect(page.getByText('Not reconciled')).toBeVisible();
  await expect(figure(page, 'Statement balance at the month’s end')).toHaveText('KSh 22,250,830');
  const unmatched = page.getByRole('table', { name: 'On the statement, not in the cash book' });
  await expect(unmatched.getByRole('row')).toHaveCount(3);
  const mpesa = unmatched.getByRole('row').filter({ hasText: MPESA_LINE });
  await expect(mpesa).toContainText('KSh 23,750 in');
  const charge = unmatched.getByRole('row').filter({ hasText: CHARGE_LINE });
  await expect(charge).toContainText('KSh 1,500 out');
  const uncleared = page.getByRole('table', {
    name: 'In the cash book, not yet on the statement',
  });
  await expect(
    uncleared.getByRole('row').filter({ hasText: 'Paid from his wife’s phone' }),
  ).toBeVisible();
  const match = mpesa.getByRole('button', { name: 'Match' });
  await match.scrollIntoViewIfNeeded();
  await step(2, 'imported', match);

  // 3. The M-Pesa deposit matched by hand to Mutua's receipt of the same amount.
  await match.click();
  let dialog = page.getByRole('dialog', { name: 'Match the statement line to an entry' });
  await expect(dialog.getByLabel('Entry of the same amount')).toHaveValue(/.+/);
  await expect(dialog.getByRole('option', { selected: true })).toHaveText(
    /24 Nov 2026 · Mutua Musyoka Kilonzo · Paid from his wife’s phone/,
  );
  // The entry in full under the select, which cuts a long one off.
  await expect(
    dialog.getByText(/Deposit on account of costs, as the client told us by phone/),
  ).toBeVisible();
  await step(3, 'match-dialog', dialog.getByRole('button', { name: 'Match' }));
  await dialog.getByRole('button', { name: 'Match' }).click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Statement line matched');
  await expect(mpesa).toHaveCount(0);
  await expect(page.getByText('199 lines matched this month, 1 unmatched')).toBeVisible();

  // 4. The returned-cheque charge recorded as a payment for Wairimu, whose cheque it was.
  const recordLine = charge.getByRole('button', { name: 'Record as entry' });
  await step(4, 'matched', recordLine);
  await recordLine.click();
  dialog = page.getByRole('dialog', { name: 'Record the line as a payment out' });
  await dialog.getByLabel('Find client').fill('Wairimu Nyambura');
  await expect(dialog.getByRole('option', { name: people.wairimu.label })).toBeAttached();
  await dialog.getByLabel('Client', { exact: true }).selectOption({ label: people.wairimu.label });
  // The select cuts the long email off at its edge; the client chosen is written out in full.
  await expect(dialog.getByLabel('Client', { exact: true })).toHaveAccessibleDescription(
    people.wairimu.label,
  );
  const recordButton = dialog.getByRole('button', { name: 'Record as entry' });
  await step(5, 'record-dialog', recordButton);
  await recordButton.click();
  await expect(dialog).toBeHidden();
  await expectToast(page, 'Statement line recorded as an entry and matched to it');

  // 5. The three figures agree; every line is matched.
  await expect(page.getByText('Every statement line is in the cash book.')).toBeVisible();
  await expect(page.getByText('Reconciled', { exact: true })).toBeVisible();
  for (const label of ['Adjusted statement balance', 'Cash book', 'Client ledgers, added up']) {
    await expect(figure(page, label)).toHaveText(AGREED_KSH);
  }
  await expect(figure(page, 'Add: deposits not yet credited')).toHaveText('KSh 350,000');
  await expect(figure(page, 'Less: payments not yet presented')).toHaveText('KSh 18,450');
  await expect(uncleared.getByRole('row')).toHaveCount(3);
  const lock = page.getByRole('button', { name: 'Lock the month' });
  await lock.scrollIntoViewIfNeeded();
  await step(6, 'agreed', lock);

  // 6. Locked, after the question.
  const asked = page.waitForEvent('dialog').then(async (question) => {
    expect(question.message()).toBe(
      `Lock November 2026 of ${ACCOUNT}? No entry can be dated in it afterwards.`,
    );
    await question.accept();
  });
  await lock.click();
  await asked;
  await expectToast(page, 'November 2026 reconciled and locked');
  await expect(page.getByText(/^Locked by .+ on .+/)).toBeVisible();
  await expect(lock).toHaveCount(0);
  const pdfButton = page.getByRole('button', { name: 'Download PDF' });
  await step(7, 'locked', pdfButton);

  // 7. The reconciliation as a PDF, holding the three figures.
  const [download] = await Promise.all([page.waitForEvent('download'), pdfButton.click()]);
  expect(download.suggestedFilename()).toBe(`Client-account-reconciliation-${FIXTURE_MONTH}.pdf`);
  const pdf = testInfo.outputPath(download.suggestedFilename());
  await download.saveAs(pdf);
  expect(readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
  const text = execFileSync('pdftotext', ['-layout', pdf, '-'], { encoding: 'utf8' });
  for (const label of [
    'Adjusted statement balance',
    'Cash book balance',
    'Client ledgers, added up',
  ]) {
    expect(text, label).toMatch(new RegExp(`${label}\\s+${AGREED_KSH}`));
  }
  expect(text).toContain('RECONCILED');
  // Its first page as an image, to be looked at beside the screenshots.
  execFileSync('pdftoppm', [
    '-png',
    '-r',
    '60',
    '-f',
    '1',
    '-l',
    '2',
    pdf,
    testInfo.outputPath('pdf-page'),
  ]);
});

test.describe('the locked month on a phone', () => {
  test.use(PHONE);

  test('at 360 px the screen reads without sideways scroll and shows the lock', async ({
    ownerSession,
    page,
  }, testInfo) => {
    const step = (n: number, what: string, next?: Locator) =>
      journeyStep(page, testInfo, n, what, next);
    await useSessionToken(page, ownerSession);
    await page.goto('/system-settings?tab=reconciliation');
    await page.getByLabel('Client account').selectOption({ label: ACCOUNT });
    await page.getByLabel('Month').fill(FIXTURE_MONTH);
    const locked = page.getByText(/^Locked by .+ on .+/);
    await expect(locked).toBeVisible();
    await expect(page.getByText('Reconciled', { exact: true })).toBeVisible();
    await expect(figure(page, 'Cash book')).toHaveText(AGREED_KSH);
    await expect(page.getByRole('button', { name: 'Lock the month' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Match' })).toHaveCount(0);
    // The file input has the phone's width to itself, its file name not cut by the button.
    const file = (await page.getByLabel('Statement (CSV)').boundingBox())!;
    const importButton = (await page
      .getByRole('button', { name: 'Import statement' })
      .boundingBox())!;
    expect(importButton.y).toBeGreaterThanOrEqual(file.y + file.height);
    const figures = page.getByRole('heading', { name: 'The three figures: November 2026' });
    await figures.scrollIntoViewIfNeeded();
    await step(8, 'locked-phone', figures);
    await locked.scrollIntoViewIfNeeded();
    await step(9, 'locked-phone-lock', page.getByRole('button', { name: 'Download PDF' }));
    // Each entry not yet on the statement is a card; the last one read to its end.
    const last = page.getByRole('row').filter({ hasText: 'BC 771204' });
    await last.scrollIntoViewIfNeeded();
    await expect(last).toContainText('KSh 350,000 in');
    await step(10, 'locked-phone-entries', last);
  });
});
