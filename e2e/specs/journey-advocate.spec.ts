import { expect, test } from '@playwright/test';
import { latestMailTo, turnOnAuthenticator } from '../support/accounts';
import {
  apiOf,
  nairobiToday,
  navigate,
  openPage,
  stepper,
  weekdayAfter,
} from '../support/advocate-journey';
import { PDF } from '../support/files';
import { pickSlot, typedDay } from '../support/journey';
import { toast } from '../support/page-checks';
import {
  freePort,
  preparedDataDir,
  startServer,
  type ServerProcess,
} from '../support/server-process';
import { expectToast } from '../support/toasts';

/**
 * The advocate's day (docs/journeys.md, "Advocate"), on a fresh install, at a desk and on a phone:
 * registers with the super key, follows the setup checklist until it goes, adds an admin and a
 * client, opens a case and works on it, runs the diary (confirms a request after reviewing what
 * will be sent, reschedules, records a payment), converts an enquiry into a client and opens
 * their case from the next-step link, and reads the audit log. Fee notes, reports, deliveries and
 * second factors do not exist yet. Each step: a screenshot, axe (once a screen), the next control
 * in view, no sideways scroll.
 */

const SUPER_KEY = 'journey-advocate-key-5c81e';
const PASSWORD = 'Mwamba-Journey-Passw0rd';

for (const viewport of [
  { width: 1366, height: 800 },
  { width: 360, height: 780 },
]) {
  test.describe(`the advocate's day at ${viewport.width} px`, () => {
    let server: ServerProcess | undefined;
    let dataDir: string;

    test.beforeAll(async () => {
      test.setTimeout(180_000); // a start on a busy machine (the database is a fresh copy)
      dataDir = preparedDataDir();
      const port = await freePort();
      server = await startServer(
        {
          PORT: String(port),
          DATA_DIR: dataDir,
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          ADVOCATE_SUPER_KEY: SUPER_KEY,
          LOG_LEVEL: 'warn',
        },
        { timeoutMs: 110_000 },
      );
    });
    test.afterAll(async () => {
      if (!server) return;
      server.child.kill('SIGTERM');
      await server.exited;
    });

    test('from the first start to the audit log', async ({ browser }, testInfo) => {
      test.setTimeout(420_000);
      const page = await openPage(browser, server!.url, viewport);
      const step = stepper(page, testInfo, viewport.width);
      const api = apiOf(server!.url);
      const w = viewport.width;

      // 1. First start: registers with the super key and sets up a second factor first.
      await page.goto('/register');
      await page.getByLabel('Super key', { exact: true }).fill(SUPER_KEY);
      await page.getByRole('button', { name: 'Verify super key' }).click();
      const form = page.getByRole('form', { name: 'Advocate details' });
      await form.getByLabel('First name').fill('Wanjiru');
      await form.getByLabel('Last name').fill('Kamau-Odhiambo');
      await form
        .getByLabel('Email address')
        .fill(`wanjiru.kamau-odhiambo.${w}@mwamba-advocates.co.ke`);
      await form.getByLabel('Phone number').fill('+254 712 345 678');
      await form.getByLabel('License number').fill('LSK/2011/0457');
      await form.getByLabel('Years of experience').fill('14');
      await form.getByLabel('Education').fill('LLB (Hons), University of Nairobi; Dip. Law, KSL');
      await form.getByLabel('Bar admission').fill('Admitted to the Roll of Advocates, 2011');
      await form.getByLabel('Family Law').check();
      await form.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await form.getByLabel('Confirm password').fill(PASSWORD);
      await form.getByLabel(/I accept the/).check();
      await form.getByRole('button', { name: 'Create advocate account' }).click();
      // A fresh install's first advocate turns on an authenticator before anything else (ADR 037;
      // the two-factor spec walks that screen): the registration session lands on its setup, not
      // on the dashboard, and turns one on here through the API, as Profile does.
      await expect(page).toHaveURL(/\/two-factor-setup$/);
      await expect(
        page.getByRole('heading', { level: 1, name: 'Set up two-factor sign-in' }),
      ).toBeVisible();
      const token = await page.evaluate(() => localStorage.getItem('token'));
      expect(token).toBeTruthy();
      await turnOnAuthenticator(server!.url, token!);
      await page.goto('/dashboard');

      // 2. The setup checklist: nothing done, each item a link saying its state in words.
      const checklist = page.getByRole('region', { name: 'Set up your firm' });
      await expect(checklist).toBeVisible();
      await expect(checklist).toContainText('0 of 5 done');
      const items = checklist.getByRole('list', { name: 'Set up your firm' });
      await expect(items.getByRole('listitem')).toHaveCount(5);
      const firmDetails = checklist.getByRole('link', { name: 'Firm details: Not done yet' });
      await step('setup-checklist', firmDetails);
      await expect(toast(page, 'Registration successful!')).toBeHidden({ timeout: 10_000 });

      // 3. Firm details and payment details: the settings saved with a paybill number.
      await checklist.getByRole('link', { name: 'Payment details: Not done yet' }).click();
      await expect(page).toHaveURL(/\/system-settings\?tab=firm#firm-payment-details$/);
      const paybill = page.getByLabel('Paybill or till number');
      await expect(paybill).toBeInViewport();
      await paybill.fill('522533');
      await page
        .getByLabel('Account instructions')
        .fill('Account number: your case number, for example MWA/2026/0147, then your name.');
      const save = page.getByRole('button', { name: 'Save firm settings' });
      await save.scrollIntoViewIfNeeded();
      await step('firm-settings', save);
      await save.click();
      await expectToast(page, /saved/i);

      // Each item is ticked by its own settings: the paybill ticks payment details alone (ADR 027).
      await navigate(page, 'Dashboard', '/dashboard');
      await expect(checklist).toContainText('1 of 5 done');
      await expect(checklist.getByRole('link', { name: 'Payment details: Done' })).toBeVisible();
      // Office hours, then firm details: reviewed from their own links and saved as they are.
      for (const [item, hash] of [
        ['Office hours', 'firm-booking-hours'],
        ['Firm details', 'firm-details'],
      ] as const) {
        await checklist.getByRole('link', { name: `${item}: Not done yet` }).click();
        await expect(page).toHaveURL(new RegExp(`#${hash}$`));
        await save.click();
        await expectToast(page, /saved/i);
        await navigate(page, 'Dashboard', '/dashboard');
        await expect(checklist.getByRole('link', { name: `${item}: Done` })).toBeVisible();
      }
      await expect(checklist).toContainText('3 of 5 done');
      const colleagues = checklist.getByRole('link', { name: 'Colleagues: Not done yet' });
      await step('checklist-three-done', colleagues);

      // 4. Colleagues: an admin with the diary and clients toggles, invited by email.
      await colleagues.click();
      await expect(page).toHaveURL(/\/admin-management$/);
      // Admin Overview's Add New Admin: the one Add Admin form, with the six toggles.
      await page.getByRole('button', { name: 'Add New Admin' }).click();
      const addAdmin = page.getByRole('dialog', { name: 'Add Admin' });
      await addAdmin.getByLabel('First Name').fill('Nyokabi');
      await addAdmin.getByLabel('Last Name').fill('Wambui-Chelangat');
      const adminEmail = `nyokabi.wambui-chelangat.${w}@mwamba-advocates.co.ke`;
      await addAdmin.getByLabel('Email').fill(adminEmail);
      await addAdmin.getByRole('switch', { name: 'Schedule Appointments' }).click();
      await addAdmin.getByRole('switch', { name: 'Admit Clients' }).click();
      const createAdmin = addAdmin.getByRole('button', { name: 'Create Admin' });
      await step('add-admin', createAdmin);
      await createAdmin.click();
      const adminPassword = page.getByRole('dialog', { name: 'Temporary Password' });
      await expect(adminPassword).toContainText(adminEmail);
      await adminPassword.getByRole('button', { name: 'Close', exact: true }).click();
      await expect.poll(() => latestMailTo(dataDir, adminEmail)).toMatch(/\/welcome#token=/);

      // 5. The first client, added and invited; the next steps are offered at once.
      await navigate(page, 'Clients', '/clients');
      await page.getByRole('button', { name: 'Add Client' }).click();
      const addClient = page.getByRole('dialog', { name: 'Add Client' });
      await addClient.getByLabel('First Name').fill('Kariuki');
      await addClient.getByLabel('Last Name').fill('Njoroge-Wafula');
      const clientEmail = `kariuki.njoroge-wafula.${w}@gmail.com`;
      await addClient.getByLabel('Email').fill(clientEmail);
      await addClient.getByLabel('Phone (optional)').fill('+254 733 444 555');
      await addClient.getByRole('button', { name: 'Create Client' }).click();
      const clientPassword = page.getByRole('dialog', { name: 'Temporary Password' });
      const openCase = clientPassword.getByRole('link', {
        name: 'Open a case for Kariuki Njoroge-Wafula',
      });
      await expect(
        clientPassword.getByRole('link', { name: 'Book a meeting with Kariuki Njoroge-Wafula' }),
      ).toBeVisible();
      await openCase.scrollIntoViewIfNeeded();
      await expect(toast(page, 'Client created successfully')).toBeHidden({ timeout: 10_000 });
      await step('client-next-steps', openCase);
      await expect.poll(() => latestMailTo(dataDir, clientEmail)).toMatch(/\/welcome#token=/);

      await clientPassword.getByRole('button', { name: 'Close', exact: true }).click();

      // The checklist is done, so it has gone.
      await navigate(page, 'Dashboard', '/dashboard');
      await expect(page.getByRole('heading', { level: 1, name: /Welcome, Wanjiru/ })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Set up your firm' })).toHaveCount(0);
      await step('dashboard-set-up', page.getByRole('heading', { level: 1 }));

      // 6. A case with parties, a long label, a court date, documents and notes.
      const caseTitle =
        'Estate of the late Mzee Kiprotich arap Chelimo: succession cause and the family land at Kapseret, Uasin Gishu';
      const courtDay = weekdayAfter(1);
      await navigate(page, 'Cases', '/cases');
      await page.getByRole('button', { name: 'New Case' }).click();
      const newCase = page.getByRole('dialog', { name: 'New Case' });
      await newCase.getByLabel('Title').fill(caseTitle);
      await newCase
        .getByLabel('Description')
        .fill('Letters of administration, the objection by the second house and the title deed.');
      await newCase.getByLabel('Category').selectOption({ label: 'Family Law' });
      await newCase.getByLabel('Priority').selectOption('high');
      await newCase.getByLabel('Find client').fill('Njoroge');
      await newCase
        .getByLabel('Client', { exact: true })
        .selectOption({ label: `Kariuki Njoroge-Wafula (${clientEmail})` });
      // Hers, so its court date is in her diary (a new case starts unassigned).
      await newCase
        .getByLabel('Assigned to')
        .selectOption({ label: 'Wanjiru Kamau-Odhiambo (Advocate)' });
      await newCase.getByLabel('Court (optional)').fill('High Court at Eldoret, Family Division');
      await newCase
        .getByLabel('Court date (optional, Nairobi time)')
        .fill(typedDay(courtDay, '08:30'));
      await newCase.getByRole('button', { name: 'Add party' }).click();
      await newCase.getByLabel('Party 1 name').fill('Chepkoech Jeptoo arap Chelimo');
      await newCase
        .getByLabel('Party 1 contact (optional)')
        .fill('chepkoech.jeptoo@objector-family.co.ke');
      const createCase = newCase.getByRole('button', { name: 'Create Case' });
      await createCase.scrollIntoViewIfNeeded();
      await step('new-case', createCase);
      await createCase.click();
      await expectToast(page, 'Case created successfully!');
      const detail = page.getByRole('dialog', { name: caseTitle });
      await expect(detail).toBeVisible();

      // An internal document, shared after the fact.
      await detail.locator('input[type=file]').setInputFiles({
        name: 'Grant of letters of administration intestate - Kiprotich estate (certified copy).pdf',
        mimeType: 'application/pdf',
        buffer: PDF,
      });
      const share = detail.getByRole('button', {
        name: 'Share with client: Grant of letters of administration intestate - Kiprotich estate (certified copy).pdf',
      });
      await expect(share).toBeVisible();
      await share.click();
      await expectToast(page, 'Document shared with the client');

      // A shared note and an internal one.
      await detail
        .getByLabel('New note')
        .fill(
          'The objection is listed for mention; bring the chief’s letter and the death certificate.',
        );
      await detail.getByLabel('Shared with client').check();
      await detail.getByRole('button', { name: 'Add and share with the client' }).click();
      await expect(detail.getByText(/bring the chief’s letter/)).toBeVisible();
      await detail
        .getByLabel('New note')
        .fill('Internal: the second house’s affidavit contradicts the 1998 survey map.');
      await detail.getByLabel('Internal (firm only)').check();
      const addNote = detail.getByRole('button', { name: 'Add Note' });
      await addNote.click();
      const internalNote = detail.getByText(/contradicts the 1998 survey map/);
      await expect(internalNote).toBeVisible();
      await step('case-worked', internalNote);
      await page.keyboard.press('Escape');

      // The court date reaches the diary.
      await navigate(page, 'Appointments', '/appointments');
      const diary = page.getByRole('region', { name: 'My Diary' });
      // On to the court day: tomorrow, or Monday when today is a Friday or a weekend.
      const daysAhead = (Date.parse(courtDay) - Date.parse(nairobiToday())) / 86_400_000;
      for (let day = 0; day < daysAhead; day += 1) {
        await diary.getByRole('button', { name: 'Next day' }).click();
      }
      const courtEntry = diary.getByRole('link', {
        name: new RegExp(`: ${caseTitle.slice(0, 40)}`),
      });
      await expect(courtEntry).toBeVisible();
      await step('diary-court-date', courtEntry);

      // 7. The diary: a visitor's phone consultation, confirmed after reviewing what is sent.
      const bookingDay = weekdayAfter(4);
      const visitorEmail = `achieng.otieno-wekesa.${w}@yahoo.co.uk`;
      const booking = await api('POST', '/api/appointments', undefined, {
        title: 'Unfair termination after twelve years at a Mombasa Road logistics company',
        type: 'consultation',
        description: 'Dismissed by SMS without a hearing; the payslips and the letter are ready.',
        date: bookingDay,
        time: '10:00',
        location: 'phone',
        firstName: 'Achieng',
        lastName: 'Otieno-Wekesa',
        email: visitorEmail,
        phone: '0712 345 678',
        consent: true,
      });
      expect(booking.status, booking.text).toBe(201);
      // The email goes after the answer: wait for it.
      await expect.poll(() => latestMailTo(dataDir, visitorEmail)).toMatch(/#token=/);
      const hold = /#token=([\w-]+)/.exec(latestMailTo(dataDir, visitorEmail) ?? '');
      const held = await api('POST', '/api/appointments/manage/confirm', undefined, {
        token: hold![1],
      });
      expect(held.status, held.text).toBe(200);

      await navigate(page, 'Appointments', '/appointments');
      const title = 'Unfair termination after twelve years at a Mombasa Road logistics company';
      await page.getByRole('searchbox', { name: 'Search appointments' }).fill('Mombasa Road');
      const card = page.getByRole('article', { name: title });
      await card.getByRole('button', { name: `Confirm: ${title}` }).click();
      const review = page.getByRole('dialog', { name: 'Confirm this appointment?' });
      await expect(review).toContainText('Achieng Otieno-Wekesa (a visitor)');
      await expect(review).toContainText('call the client on +254 712 345 678');
      await expect(review).toContainText(`${visitorEmail} will receive this email:`);
      await expect(review).toContainText(
        'Your appointment is confirmed: Mwamba & Associates Advocates',
      );
      await expect(review).toContainText(
        'Your appointment is confirmed. We will call you on +254 712 345 678.',
      );
      const confirmAndSend = review.getByRole('button', { name: 'Confirm and send' });
      await expect(confirmAndSend).toBeFocused();
      await step('confirm-review', confirmAndSend);
      await confirmAndSend.click();
      await expect(review).toBeHidden();
      await expect(card).toContainText('Confirmed');
      await expect
        .poll(() => latestMailTo(dataDir, visitorEmail))
        .toContain('Your appointment is confirmed');
      const sent = latestMailTo(dataDir, visitorEmail) ?? '';
      expect(sent).toContain('We will call you on +254 712 345 678.');
      expect(sent).not.toContain('seeing you');
      expect(sent).toMatch(/\/appointments\/manage#token=/);

      // Rescheduled to the next open day, then paid by M-Pesa.
      await card.getByRole('button', { name: `Reschedule: ${title}` }).click();
      const reschedule = page.getByRole('dialog', { name: 'Reschedule Appointment' });
      const newDay = weekdayAfter(8); // after the booking's day, whichever weekday that was
      await pickSlot(reschedule, newDay, '14:00');
      const rescheduleButton = reschedule.getByRole('button', { name: 'Reschedule', exact: true });
      await step('reschedule', rescheduleButton);
      await rescheduleButton.click();
      await expect(reschedule).toBeHidden();
      await card.getByRole('button', { name: `Record payment: ${title}` }).click();
      const payment = page.getByRole('dialog', { name: 'Record payment' });
      await payment.getByLabel('Payment method').selectOption('mpesa');
      await payment.getByLabel('M-Pesa code').fill('SGK7H2LQ9P');
      const markPaid = payment.getByRole('button', { name: 'Record payment' });
      await step('payment', markPaid);
      await markPaid.click();
      await expect(card).toContainText('Paid (M-Pesa)');

      // 8. The inbox: an enquiry becomes a client, and their case opens from the next step.
      const subject =
        'Land dispute over a plot in Kitengela: the neighbour has built across our boundary';
      const sentEnquiry = await api('POST', '/api/contact-messages', undefined, {
        name: 'Baraka Mwangi-Kiplagat',
        email: `baraka.mwangi-kiplagat.${w}@outlook.com`,
        phone: '+254 722 987 654',
        subject,
        message: 'The neighbour put up a wall two metres into our plot while we were upcountry.',
        urgency: 'urgent',
        consent: true,
      });
      expect(sentEnquiry.status, sentEnquiry.text).toBe(201);
      await navigate(page, 'Enquiries', '/enquiries');
      const enquiry = page.getByRole('article', { name: subject });
      await enquiry.getByRole('button', { name: 'Convert to client' }).click();
      const convert = page.getByRole('dialog', { name: 'Convert to client' });
      await convert.getByRole('button', { name: 'Create Client' }).click();
      const converted = page.getByRole('dialog', { name: 'Temporary Password' });
      const nextCase = converted.getByRole('link', {
        name: 'Open a case for Baraka Mwangi-Kiplagat',
      });
      await nextCase.scrollIntoViewIfNeeded();
      // Once the toast has gone (axe would catch it mid-fade).
      await expect(toast(page, 'Client created successfully')).toBeHidden({ timeout: 10_000 });
      await step('enquiry-next-steps', nextCase);
      await nextCase.click();
      const theirCase = page.getByRole('dialog', { name: 'New Case' });
      await expect(theirCase.getByLabel('Client', { exact: true })).toContainText(
        'Baraka Mwangi-Kiplagat',
      );
      const theirTitle = `Boundary encroachment, Kitengela plot: ${subject}`;
      await theirCase.getByLabel('Title').fill(theirTitle);
      await theirCase
        .getByLabel('Description')
        .fill('A wall two metres into plot LR Kajiado/Kitengela/48213; the survey is booked.');
      await theirCase.getByLabel('Category').selectOption({ label: 'Property Law' });
      await theirCase.getByLabel('Priority').selectOption('urgent');
      const create = theirCase.getByRole('button', { name: 'Create Case' });
      await create.scrollIntoViewIfNeeded();
      await step('their-case', create);
      await create.click();
      await expectToast(page, 'Case created successfully!');
      // The new case opens at /cases/<id> once its screen has loaded: closed when it has, not
      // before (an Escape pressed while it was still loading closed nothing, and the case's
      // dialog then covered the menu).
      const opened = page.getByRole('dialog', { name: theirTitle });
      await expect(opened).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(opened).toBeHidden();

      // 9. The audit log, read as sentences.
      await navigate(page, 'System Settings', '/system-settings');
      const log = page.getByRole('table', { name: 'Audit log' });
      await expect(log).toContainText('Wanjiru Kamau-Odhiambo changed the firm’s settings');
      // Each sentence names its object: the meeting, whom it was with and when.
      await expect(log).toContainText(
        /Wanjiru Kamau-Odhiambo confirmed the [a-z -]+ with .+ on \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/,
      );
      await expect(log).toContainText(
        /Wanjiru Kamau-Odhiambo opened .* for Baraka Mwangi-Kiplagat/,
      );
      await step('audit-log', log.getByRole('row').nth(1));
      await page.context().close();
    });
  });
}
