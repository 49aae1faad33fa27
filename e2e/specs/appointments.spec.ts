import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '../support/fixtures';
import { type APIRequestContext } from '@playwright/test';
import { latestMailTo } from '../support/accounts';
import { addDays, longDay, pickSlot, shortDay } from '../support/journey';
import { seriousViolations } from '../support/page-checks';
import {
  callApi,
  createReadyUser,
  ownerToken,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';

/**
 * Appointments in a real browser: a visitor on a phone books a consultation, confirms
 * it from the emailed link (held until then), gets its calendar file and cancels through
 * the link; a client books and reschedules; an
 * admin with canScheduleAppointments confirms and records payment, one without it cannot. Dates
 * are found from the server's calendar, so the spec never depends on today being a weekday.
 */

/** The `n`th open weekday (Monday–Friday, not a holiday) at least 3 days after today, Nairobi. */
async function openWeekday(request: APIRequestContext, n: number): Promise<string> {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  let day = addDays(today, 3);
  const closed = new Set<string>();
  const seenMonths = new Set<string>();
  for (let found = 0; ; day = addDays(day, 1)) {
    const month = day.slice(0, 7);
    if (!seenMonths.has(month)) {
      seenMonths.add(month);
      const answer = await request.get(`/api/appointments/calendar?month=${month}`);
      for (const closedDay of (await answer.json()).closedDays as string[]) closed.add(closedDay);
    }
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6 || closed.has(day)) continue;
    if (found === n) return day;
    found += 1;
  }
}

/** The raw newest email to `to` (DATA_DIR/mail), attachments still encoded. */
function rawMailTo(to: string): string | null {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'mail');
  const files = existsSync(dir) ? readdirSync(dir).filter((name) => name.endsWith('.eml')) : [];
  for (const name of files.sort().reverse()) {
    const raw = readFileSync(path.join(dir, name), 'utf8');
    if (raw.includes(`To: ${to}`)) return raw;
  }
  return null;
}

/** The `.ics` part of a raw email, decoded. */
function calendarPart(eml: string): string {
  const match = /Content-Type: text\/calendar[\s\S]*?\r?\n\r?\n([\s\S]*?)\r?\n--/i.exec(eml);
  expect(match, 'the email has a calendar attachment').not.toBeNull();
  const body = match![1]!.replace(/\s+/g, '');
  return /Content-Transfer-Encoding: base64/i.test(match![0])
    ? Buffer.from(body, 'base64').toString('utf8')
    : match![1]!;
}

test.describe('a visitor on a phone', () => {
  test.use({ viewport: { width: 360, height: 740 }, timezoneId: 'America/New_York' });

  test('books a consultation, confirms it from the emailed link, gets the .ics, cancels through the link', async ({
    page,
    request,
  }, testInfo) => {
    await ownerToken(request); // an advocate exists to take the booking
    const date = await openWeekday(request, 0);
    const suffix = uniqueSuffix();
    const email = `visitor.${suffix}@example.co.ke`;
    const phone = `0712 ${String(Date.now()).slice(-6)}`;

    await page.goto('/');
    await page
      .getByRole('link', { name: /Book a Consultation/ })
      .first()
      .click();
    await expect(page).toHaveURL(/\/appointments\?book=consultation$/);
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Book an Appointment' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByRole('heading', { name: 'Why Choose Our Legal Services?' }),
    ).toBeVisible();

    // The booking form's messages (docs/texts.md) before anything is filled in.
    await dialog.getByRole('button', { name: 'Book Appointment' }).click();
    await expect(dialog.getByText('Title is required')).toBeVisible();
    await expect(dialog.getByText('Date is required')).toBeVisible();

    await dialog.getByLabel('Title').fill('Land sale in Kitengela');
    await dialog.getByLabel('Description').fill('The seller wants a deposit before the search.');
    await pickSlot(page, date, '10:00');
    await dialog.getByLabel('First Name').fill('Achieng');
    await dialog.getByLabel('Last Name').fill('Otieno');
    await dialog.getByLabel('Email Address').fill(email);
    await dialog.getByLabel('Phone Number').fill(phone);
    await dialog.getByRole('checkbox', { name: /I agree/ }).check();
    expect(await seriousViolations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Book Appointment' }).click();

    // held, awaiting the visitor's email confirmation, and it says so and for how long.
    const done = page.getByRole('dialog', { name: 'Check your email to confirm your booking' });
    await expect(done).toBeVisible();
    await expect(done.getByText('Requested, awaiting your email confirmation')).toBeVisible();
    await expect(done.getByText(/holding this time for you for 30 minutes/)).toBeVisible();
    // Nairobi time on a New York phone.
    await expect(done.getByText(`${longDay(date)}, 10:00 (30 min)`)).toBeVisible();
    const reference = await done.getByTestId('booking-reference').textContent();
    expect(reference).toMatch(/^APT-[0-9A-F]{8}$/);
    await expect(done.getByRole('button', { name: 'Done' })).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('1-held.png') });
    await done.getByRole('button', { name: 'Done' }).click();

    // The email to the unproven address: fixed text, the reference and the link, nothing typed.
    let eml: string | null = null;
    await expect
      .poll(() => (eml = latestMailTo(process.env.E2E_DATA_DIR!, email)), { timeout: 10_000 })
      .not.toBeNull();
    expect(eml).toContain(reference!);
    expect(eml).toContain('Confirm my booking');
    expect(eml).not.toContain('Kitengela');
    expect(eml).not.toContain('Achieng');
    expect(eml).not.toMatch(/Content-Type: text\/calendar/i);
    const link = /(\/appointments\/manage#token=[\w-]+)/.exec(eml!)?.[1];
    expect(link).toBeTruthy();

    await page.goto(link!);
    await expect(page).toHaveURL(/\/appointments\/manage$/); // the token left the address bar
    await expect(
      page.getByRole('heading', { name: 'Requested, awaiting your email confirmation' }),
    ).toBeVisible();
    await expect(page.getByText(/or the time is released/)).toBeVisible();
    const confirm = page.getByRole('button', { name: 'Confirm my booking' });
    await expect(confirm).toBeInViewport();
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: testInfo.outputPath('2-confirm.png') });
    await confirm.click();
    const confirmed = page
      .getByRole('status')
      .filter({ hasText: 'the firm now has your appointment request' });
    await expect(confirmed).toBeInViewport();
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Reschedule' })).toBeInViewport();
    await page.screenshot({ path: testInfo.outputPath('3-confirmed.png') });

    // Confirmed, the proven address gets the request with its calendar file.
    let ics = '';
    await expect
      .poll(
        () => {
          const raw = rawMailTo(email);
          return raw && /Content-Type: text\/calendar/i.test(raw) ? (ics = calendarPart(raw)) : '';
        },
        { timeout: 10_000 },
      )
      .not.toBe('');
    expect(ics).toContain('METHOD:REQUEST');
    expect(ics).toContain(`DTSTART;TZID=Africa/Nairobi:${date.replaceAll('-', '')}T100000`);
    expect(ics).toContain(`DTEND;TZID=Africa/Nairobi:${date.replaceAll('-', '')}T103000`);
    expect(ics).not.toContain('token='); // the private link stays out of calendars

    await expect(page.getByRole('heading', { name: 'Land sale in Kitengela' })).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    const cancel = page.getByRole('dialog', { name: 'Cancel Appointment' });
    await cancel.getByLabel('Reason for cancelling').fill('I found an advocate nearer home');
    await cancel.getByRole('button', { name: 'Cancel Appointment' }).click();
    await expect(page.getByRole('heading', { name: 'Cancelled', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  });
});

test('a client books and reschedules', async ({ ownerSession, page, request }) => {
  const client = await createReadyUser(request, ownerSession, uniqueSuffix(), 'client');
  const [first, second] = [await openWeekday(request, 1), await openWeekday(request, 2)];
  await useSessionToken(page, client.token);

  await page.goto('/appointments');
  await expect(page.getByRole('heading', { name: 'My Appointments' })).toBeVisible();
  await page.getByRole('button', { name: 'Book Appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Book an Appointment' });
  await expect(dialog.getByLabel('First Name')).toHaveCount(0); // a client's details are known
  await dialog.getByLabel('Title').fill('Employment contract review');
  await dialog.getByLabel('Type').selectOption('follow_up');
  await dialog.getByLabel('Description').fill('Second look at the termination clause.');
  await pickSlot(page, first, '14:00');
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();
  // ADR 015: the screen says what happened (the toast keeps the contract text, docs/texts.md).
  const requested = page.getByRole('dialog', { name: 'Appointment requested' });
  await expect(requested).toContainText("Requested, awaiting the firm's confirmation");
  await requested.getByRole('button', { name: 'Done' }).click();

  const card = page.getByRole('article', { name: 'Employment contract review' });
  await expect(card).toContainText(shortDay(first));
  await expect(card).toContainText('14:00 (45 min)');
  await expect(card).toContainText('KSh 3,000');
  await expect(card).toContainText('Payment pending');
  await expect(card).toContainText('Scheduled');
  expect(await seriousViolations(page)).toEqual([]);

  await card.getByRole('button', { name: 'Reschedule: Employment contract review' }).click();
  const reschedule = page.getByRole('dialog', { name: 'Reschedule Appointment' });
  await pickSlot(page, second, '15:00');
  await reschedule.getByRole('button', { name: 'Reschedule', exact: true }).click();
  await expect(reschedule).toBeHidden();
  await expect(card).toContainText(shortDay(second));
  await expect(card).toContainText('15:00 (45 min)');
  // No staff controls for a client.
  await expect(card.getByRole('button', { name: /^Confirm/ })).toHaveCount(0);
});

test.describe('staff', () => {
  async function appointmentFor(request: APIRequestContext, title: string, n: number) {
    const owner = await ownerToken(request);
    const client = await createReadyUser(request, owner, uniqueSuffix(), 'client');
    const created = await callApi<{ appointment: { id: string } }>(
      request,
      owner,
      'POST',
      '/appointments',
      {
        title,
        type: 'consultation',
        description: 'Entered by the office',
        date: await openWeekday(request, n),
        time: '16:00',
        clientId: client.id,
      },
    );
    return created.appointment.id;
  }

  async function adminWith(
    request: APIRequestContext,
    toggles: { canScheduleAppointments?: boolean; canManageCases?: boolean },
  ) {
    const owner = await ownerToken(request);
    return createReadyUser(request, owner, uniqueSuffix(), 'admin', toggles);
  }

  // Recording a payment needs canManageCases beside the diary's toggle.
  test('an admin who keeps the diary and manages cases confirms and marks paid', async ({
    ownerSession,
    page,
    request,
  }) => {
    const title = `Tenancy dispute ${uniqueSuffix()}`;
    await appointmentFor(request, title, 3);
    const admin = await adminWith(request, { canScheduleAppointments: true, canManageCases: true });
    await useSessionToken(page, admin.token);
    await page.goto('/appointments');
    await expect(page.getByRole('heading', { name: 'Firm Diary' })).toBeVisible();
    await page.getByRole('searchbox', { name: 'Search appointments' }).fill(title);
    const card = page.getByRole('article', { name: title });
    await card.getByRole('button', { name: `Confirm: ${title}` }).click();
    // The review shows what the client will be sent before anything goes (ADR 027).
    const review = page.getByRole('dialog', { name: 'Confirm this appointment?' });
    await expect(review).toContainText(
      'Your appointment is confirmed: Mwamba & Associates Advocates',
    );
    await review.getByRole('button', { name: 'Confirm and send' }).click();
    await expect(review).toBeHidden();
    await expect(card).toContainText('Confirmed');
    await card.getByRole('button', { name: `Record payment: ${title}` }).click();
    const payment = page.getByRole('dialog', { name: 'Record payment' });
    await payment.getByLabel('Payment method').selectOption('mpesa');
    await payment.getByLabel('M-Pesa code').fill('SGK7H2LQ9P');
    await payment.getByRole('button', { name: 'Record payment' }).click();
    await expect(card).toContainText('Paid (M-Pesa)');
    await page.getByRole('tab', { name: 'Confirmed' }).click();
    await expect(page.getByRole('article', { name: title })).toBeVisible();
    // Once the toasts have gone (axe would catch one mid-fade).
    await expect(page.getByText('Payment recorded')).toBeHidden({ timeout: 10_000 });
    expect(await seriousViolations(page)).toEqual([]);

    // Staff enter an appointment for a client: any type, their own fee.
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const client = await createReadyUser(request, owner, suffix, 'client');
    await page.getByRole('button', { name: 'New Appointment' }).click();
    const dialog = page.getByRole('dialog', { name: 'Book an Appointment' });
    await dialog.getByLabel('Find client').fill(client.email);
    await expect(dialog.getByLabel('Client', { exact: true })).toContainText(client.email);
    await dialog
      .getByLabel('Client', { exact: true })
      .selectOption({ label: `Ready client ${suffix} (${client.email})` });
    await dialog.getByLabel('Title').fill(`Hearing ${title}`);
    await dialog.getByLabel('Type').selectOption('court_appearance');
    await dialog.getByLabel('Description').fill('Mention at Milimani');
    await dialog.getByLabel('Fee (KSh)').fill('12000');
    await pickSlot(page, await openWeekday(request, 5), '09:00');
    await dialog.getByRole('button', { name: 'Book Appointment' }).click();
    const booked = page.getByRole('dialog', {
      name: `Appointment booked for Ready client ${suffix}`,
    });
    await expect(booked).toContainText('KSh 12,000');
    await expect(booked).toContainText('Booked for you by the firm');
  });

  test('an admin without it sees the diary but cannot confirm', async ({ page, request }) => {
    const title = `Boundary dispute ${uniqueSuffix()}`;
    const id = await appointmentFor(request, title, 4);
    const admin = await adminWith(request, {});
    await useSessionToken(page, admin.token);
    await page.goto('/appointments');
    await page.getByRole('searchbox', { name: 'Search appointments' }).fill(title);
    const card = page.getByRole('article', { name: title });
    await expect(card).toContainText('Scheduled');
    await expect(card.getByRole('button')).toHaveCount(0);
    const refused = await request.put(`/api/appointments/${id}`, {
      headers: { authorization: `Bearer ${admin.token}` },
      data: { status: 'confirmed' },
    });
    expect(refused.status()).toBe(403);
  });
});
