import { readFileSync } from 'node:fs';
import { expect, test } from '../support/fixtures';
import { type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { journeyStep, typedDay } from '../support/journey';
import { seriousViolations } from '../support/page-checks';
import {
  callApi,
  createReadyUser,
  ownerToken,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';
import { workingDayFrom } from '../support/working-day';

/**
 * Reports in a real browser (docs/product-rules.md#reports): an admin allowed to view them opens
 * each of the five at 1366 px and on a 360 px phone (a screenshot per step, axe, nothing
 * sideways, Download CSV on screen once scrolled to), changes the period, follows a figure to the
 * list it counts and downloads a CSV; an admin without the toggle and a client are refused. The
 * firm's figures move as other specs run on the shared server, so the figure followed is one only
 * this spec touches: the open cases assigned to an advocate it creates.
 */

const REPORTS = ['Caseload', 'Appointments', 'Enquiries', 'Client service', 'Money'] as const;
const WALKS = [
  { name: 'laptop', viewport: { width: 1366, height: 800 }, isPhone: false },
  { name: 'phone', viewport: { width: 360, height: 780 }, isPhone: true },
] as const;

// The screen's and the guard's words (packages/shared; the specs do not import the app's code).
const REPORTS_DENIED = 'Access denied. Reports are for advocates and admins allowed to view them.';
const ADVOCATE_CAN_GRANT =
  'An admin needs the “Access Reports” permission; an advocate turns it on in Admin Management → Edit Permissions.';
const FROM_AFTER_TO = 'The start date must be on or before the end date';

const nairobiToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
/** The first and last day of the month `offset` months from `day`'s. */
function monthOf(day: string, offset = 0) {
  const first = new Date(
    Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + offset, 1),
  );
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}
const slug = (title: string) => title.toLowerCase().replace(/\s+/g, '-');

interface People {
  /**
   * Allowed reports, and case files: the caseload's figures lead to the cases list; and Manage
   * Cases, which the Money report (Billing's figures) takes too.
   */
  reportsAdmin: { token: string };
  otherAdmin: { token: string };
  client: { token: string };
  advocate: { id: string; name: string };
}

/** The people of this spec, and two open cases assigned to an advocate no other spec uses. */
async function seed(request: APIRequestContext): Promise<People> {
  const owner = await ownerToken(request);
  const suffix = uniqueSuffix();
  const reportsAdmin = await createReadyUser(request, owner, `r${suffix}`, 'admin', {
    canAccessReports: true,
    canOpenFiles: true,
    canManageCases: true,
  });
  const otherAdmin = await createReadyUser(request, owner, `o${suffix}`, 'admin', {
    canOpenFiles: true,
    canAdmitClients: true,
  });
  const client = await createReadyUser(request, owner, `c${suffix}`, 'client');
  const advocate = await createReadyUser(request, owner, `a${suffix}`, 'advocate');
  for (const title of [`Custody of the twins ${suffix}`, `Maintenance arrears ${suffix}`]) {
    await callApi(request, owner, 'POST', '/cases', {
      title,
      description: 'Opened for the Reports spec.',
      category: 'family',
      priority: 'medium',
      clientId: client.id,
      assignedTo: advocate.id,
    });
  }
  // Something in every report: a booking, an enquiry, an answered message, an issued fee note.
  await bookAppointment(request, client.token, `Consultation on the custody order ${suffix}`);
  const enquiry = await request.post('/api/contact-messages', {
    data: {
      name: `Achieng Odera ${suffix}`,
      email: `achieng.${suffix}@visitor-e2e.test`,
      subject: `Land title search ${suffix}`,
      message: 'I would like the firm to search a title in Kiambu.',
      consent: true,
    },
  });
  expect(enquiry.status(), await enquiry.text()).toBe(201);
  const started = await callApi<{ conversation: { id: string } }>(
    request,
    client.token,
    'POST',
    '/conversations',
    { subject: `School fees order ${suffix}`, body: 'When is the next mention?' },
  );
  await callApi(request, owner, 'POST', `/conversations/${started.conversation.id}/messages`, {
    body: 'On the 14th; we will be there.',
  });
  const due = workingDayFrom(nairobiToday());
  const draft = await callApi<{ feeNote: { id: string } }>(request, owner, 'POST', '/fee-notes', {
    clientId: client.id,
    dueDate: due,
    lines: [
      {
        kind: 'fee',
        description: 'Drafting the custody application',
        quantity: 1,
        unitPriceKsh: 45_000,
      },
    ],
  });
  await callApi(request, owner, 'POST', `/fee-notes/${draft.feeNote.id}/issue`, undefined, 200);
  return {
    reportsAdmin,
    otherAdmin,
    client,
    advocate: { id: advocate.id, name: `Ready advocate a${suffix}` },
  };
}

/** The client books a follow-up on the first free slot from tomorrow. */
async function bookAppointment(request: APIRequestContext, token: string, title: string) {
  const today = nairobiToday();
  for (let ahead = 1; ahead < 40; ahead += 1) {
    const day = new Date(`${today}T12:00:00Z`);
    day.setUTCDate(day.getUTCDate() + ahead);
    const date = day.toISOString().slice(0, 10);
    const free = await request.get(`/api/appointments/availability?date=${date}&type=follow_up`);
    const { times } = (await free.json()) as { times: string[] };
    for (const time of times) {
      const booked = await request.post('/api/appointments', {
        headers: { authorization: `Bearer ${token}` },
        data: { title, type: 'follow_up', description: 'About the custody order', date, time },
      });
      if (booked.status() === 201) return;
    }
  }
  throw new Error('no free follow-up slot found');
}

let people: People;
test.beforeAll(async ({ request }) => {
  people = await seed(request);
});

/** Waits until the report shown has its figures (no spinner) and its charts have drawn. */
async function reportLoaded(page: Page, title: string) {
  await expect(page.getByRole('heading', { level: 2, name: title, exact: true })).toBeVisible();
  await expect(page.getByText('Loading the report')).toHaveCount(0, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 3 }).first()).toBeVisible();
  await expect(page.locator('[data-report-section] .animate-pulse')).toHaveCount(0);
}

for (const walk of WALKS) {
  test(`an admin allowed reports reads each of the five on a ${walk.name}`, async ({
    browser,
  }, testInfo: TestInfo) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({
      viewport: walk.viewport,
      ...(walk.isPhone ? { isMobile: true, hasTouch: true } : {}),
    });
    const page = await context.newPage();
    await useSessionToken(page, people.reportsAdmin.token);
    await page.goto('/dashboard');

    // Reports sits in the header's Administration group (the phone menu lists it flat).
    if (walk.isPhone) {
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.locator('#mobile-menu').getByRole('link', { name: 'Reports' }).click();
    } else {
      const bar = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
      await bar.getByRole('button', { name: 'Administration' }).click();
      await bar.getByRole('link', { name: 'Reports', exact: true }).click();
    }
    await expect(page).toHaveURL(/\/reports$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();

    const picker = page.getByRole('navigation', { name: 'Choose a report' });
    const download = page.getByRole('button', { name: 'Download CSV' });
    let step = 0;
    for (const title of REPORTS) {
      await picker.getByRole('link', { name: title, exact: true }).click();
      await expect(picker.getByRole('link', { name: title, exact: true })).toHaveAttribute(
        'aria-current',
        'page',
      );
      await reportLoaded(page, title);
      // Down through every section: a wide table scrolls inside its own box, never the page, and
      // each chart draws as it comes near the screen.
      for (const section of await page.locator('[data-report-section]').all()) {
        await section.scrollIntoViewIfNeeded();
      }
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
        `${title}: no sideways scroll`,
      ).toBe(true);
      await expect
        .poll(() =>
          page
            .locator('canvas')
            .evaluateAll((charts) => charts.every((c) => c.style.height !== '')),
        )
        .toBe(true);
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({
        path: testInfo.outputPath(
          `step-${String(++step).padStart(2, '0')}-${slug(title)}-full.png`,
        ),
        fullPage: true,
      });
      // Download CSV on screen once scrolled back up to (not under the sticky header); nothing
      // sideways, nothing sticking out, axe.
      await page.evaluate(() => window.scrollBy(0, 600));
      await download.scrollIntoViewIfNeeded();
      await journeyStep(page, testInfo, ++step, slug(title), download);
    }

    // Custom: two dates and Show fit beside or under the period; a wrong range says why.
    const thisMonth = monthOf(nairobiToday());
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Custom' });
    await page.getByLabel('From', { exact: true }).fill(typedDay(thisMonth.to));
    await page.getByLabel('To', { exact: true }).fill(typedDay(thisMonth.from));
    const show = page.getByRole('button', { name: 'Show' });
    await show.click();
    await expect(page.getByText(FROM_AFTER_TO)).toBeVisible();
    await journeyStep(page, testInfo, ++step, 'custom-refused', show);
    await context.close();
  });
}

test('the period changes, a figure leads to the list it counts, and the CSV downloads', async ({
  browser,
}, testInfo: TestInfo) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  await useSessionToken(page, people.reportsAdmin.token);
  const today = nairobiToday();
  const thisMonth = monthOf(today);
  const lastMonth = monthOf(today, -1);

  await page.goto('/reports');
  await reportLoaded(page, 'Caseload');
  const period = page.getByRole('combobox', { name: 'Period' });
  await expect(period).toHaveValue('this_month');

  // Last month: asked for, and in the address.
  await period.selectOption({ label: 'Last month' });
  await expect(page).toHaveURL(
    new RegExp(`\\?report=caseload&from=${lastMonth.from}&to=${lastMonth.to}$`),
  );
  await reportLoaded(page, 'Caseload');
  await expect(page.getByText(/, compared with /)).toContainText(
    String(Number(lastMonth.to.slice(8))),
  );

  // Custom: the start after the end is refused, and nothing changes; then a right one shows.
  await period.selectOption({ label: 'Custom' });
  await page.getByLabel('From', { exact: true }).fill(typedDay(thisMonth.to));
  await page.getByLabel('To', { exact: true }).fill(typedDay(thisMonth.from));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText(FROM_AFTER_TO)).toBeVisible();
  await expect(page.getByLabel('From', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page).toHaveURL(new RegExp(`from=${lastMonth.from}&to=${lastMonth.to}$`));
  await journeyStep(
    page,
    testInfo,
    1,
    'custom-refused',
    page.getByRole('button', { name: 'Show' }),
  );
  await page.getByLabel('From', { exact: true }).fill(typedDay(thisMonth.from));
  await page.getByLabel('To', { exact: true }).fill(typedDay(today));
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page).toHaveURL(new RegExp(`from=${thisMonth.from}&to=${today}$`));
  await reportLoaded(page, 'Caseload');
  await expect(page.getByText(FROM_AFTER_TO)).toHaveCount(0);
  await expect(period).toHaveValue('custom');

  // The CSV of the report and period shown: its first line names them.
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download CSV' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe(`report-caseload-${thisMonth.from}-to-${today}.csv`);
  const csv = readFileSync((await file.path())!, 'utf8').replace(/^\uFEFF/, '');
  expect(csv.split(/\r?\n/)[0]).toBe(`Caseload,${thisMonth.from},${today}`);

  // A figure is a link to the filtered list whose total it is: the advocate's two open cases.
  const byAssignee = page.getByRole('table', { name: 'Table: Open cases now, by who is assigned' });
  const figure = byAssignee.getByRole('link', { name: `2 — ${people.advocate.name}, Now` });
  await expect(figure).toHaveText('2');
  await figure.scrollIntoViewIfNeeded();
  await journeyStep(page, testInfo, 2, 'figure', figure);
  await figure.click();
  await expect(page).toHaveURL(new RegExp(`/cases\\?status=open&assignee=${people.advocate.id}$`));
  // The list's own count of what it holds is the figure, and so are its cards.
  const cases = page.getByRole('region', { name: 'Cases' });
  await expect(cases.getByText('2 cases', { exact: true })).toBeVisible();
  await expect(cases.getByRole('article')).toHaveCount(2);
  await expect(page.getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  await journeyStep(page, testInfo, 3, 'figure-list');
  await context.close();
});

test('an admin without the toggle and a client are refused, in the screen and by the API', async ({
  browser,
  request,
}, testInfo: TestInfo) => {
  const context = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  const page = await context.newPage();
  await useSessionToken(page, people.otherAdmin.token);
  await page.goto('/dashboard');
  const bar = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
  await expect(bar.getByRole('link', { name: 'Clients' })).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Reports' })).toHaveCount(0);
  await expect(bar.getByRole('button', { name: 'Administration' })).toHaveCount(0);
  await page.goto('/reports');
  const denied = page.getByRole('region', { name: 'Access Denied' });
  await expect(denied.getByText(REPORTS_DENIED)).toBeVisible();
  await expect(denied.getByText(ADVOCATE_CAN_GRANT)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('step-01-admin-refused.png') });
  expect(await seriousViolations(page)).toEqual([]);
  await context.close();

  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const clientPage = await phone.newPage();
  await useSessionToken(clientPage, people.client.token);
  await clientPage.goto('/reports');
  const refused = clientPage.getByRole('region', { name: 'Access Denied' });
  await expect(refused.getByText(REPORTS_DENIED)).toBeVisible();
  await expect(refused.getByText(ADVOCATE_CAN_GRANT)).toHaveCount(0);
  await clientPage.screenshot({ path: testInfo.outputPath('step-02-client-refused.png') });
  await phone.close();

  for (const token of [people.otherAdmin.token, people.client.token]) {
    const answer = await request.get('/api/reports/caseload', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(answer.status()).toBe(403);
  }
});
