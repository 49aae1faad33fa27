import { expect, test } from '../support/fixtures';
import { type Page } from '@playwright/test';
import { latestMailTo } from '../support/accounts';
import {
  coveredBy,
  journeyStep,
  longDay,
  openWeekdays,
  pickDay,
  shortDay,
} from '../support/journey';
import { gotoReady, stubMapTiles } from '../support/public-site';
import { ownerToken, uniqueSuffix } from '../support/user-management';

/**
 * The visitor's journey (docs/journeys.md, "Visitor"), walked as a person on a phone would:
 * from the home page to a practice area, the free 15-minute call booked on the month calendar,
 * the result screen, the email, the private link, a new time, a cancellation that every place
 * agrees on; and the contact form with a long message. A screenshot per step (step-NN-*.png).
 */

const FIRST_NAME = 'Wanjiru Nyambura-Kamau';
const LAST_NAME = 'Achieng’-Odhiambo';
const TITLE = 'Matrimonial home bought during the marriage, registered only in my husband’s name';
const DESCRIPTION =
  'We married in 2009 under customary law and bought the house in Kitengela together in 2014. ' +
  'He now wants to sell it without my consent. I would like to know whether I can stop the sale.';

const launcher = (page: Page) => page.getByRole('button', { name: /^(Open|Close) chat/ });

test.use({ viewport: { width: 360, height: 780 }, isMobile: true, hasTouch: true });

test('a visitor on a phone books the free call from a practice area, moves it and cancels it through the emailed link', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(150_000); // a dozen steps, each screen with axe once, on a shared machine
  await ownerToken(request); // the firm's diary exists: online booking is open
  const [date, laterDate] = await openWeekdays(request, 'preliminary_call');
  const suffix = uniqueSuffix();
  const email = `wanjiru.nyambura-kamau.achieng-odhiambo.${suffix}@long-visitor-mailbox.example.co.ke`;
  const digits = String(Date.now()).slice(-6);
  await stubMapTiles(page);

  // 1. The home page: what the firm does, and a way to its practice areas.
  await gotoReady(page, '/');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Trusted Legal Counsel in Kenya',
  );
  const familyLaw = page
    .getByRole('main')
    .getByRole('link', { name: /Family Law/ })
    .first();
  await familyLaw.scrollIntoViewIfNeeded(); // the person scrolls down to the practice areas
  await journeyStep(page, testInfo, 1, 'home', familyLaw);

  // 2. A practice area: its booking link is at the top, not only at the foot of a long page.
  await familyLaw.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Family Law');
  const book = page.getByRole('main').getByRole('link', { name: 'Book Appointment' }).first();
  await journeyStep(page, testInfo, 2, 'practice-area', book);

  // 3. The booking form: the visitor chooses the free call; the calendar shows which days have
  // free times.
  await book.click();
  const dialog = page.getByRole('dialog', { name: 'Book an Appointment' });
  await expect(dialog).toBeVisible();
  const type = dialog.getByLabel('Type');
  await journeyStep(page, testInfo, 3, 'booking-form', type);
  await type.selectOption('preliminary_call');
  await expect(dialog.getByText(/Free preliminary call: 15 min, free, by phone\./)).toBeVisible();
  await dialog.getByLabel('Title').fill(TITLE);
  await dialog.getByLabel('Description').fill(DESCRIPTION);
  await pickDay(page, date);
  const firstTime = dialog.getByRole('radio').first();
  await firstTime.scrollIntoViewIfNeeded();
  await journeyStep(page, testInfo, 4, 'free-times', firstTime);
  const time = (await firstTime.getAttribute('value'))!;
  await firstTime.check();

  // 4. Contact details and consent, then Book Appointment within reach.
  await dialog.getByLabel('First Name').fill(FIRST_NAME);
  await dialog.getByLabel('Last Name').fill(LAST_NAME);
  await dialog.getByLabel('Email Address').fill(email);
  await dialog.getByLabel('Phone Number').fill(`+254 712 ${digits.slice(0, 3)} ${digits.slice(3)}`);
  const consent = dialog.getByRole('checkbox', { name: /I agree/ });
  await consent.check();
  const submit = dialog.getByRole('button', { name: 'Book Appointment' });
  await journeyStep(page, testInfo, 5, 'details-filled', submit);
  await submit.click();

  // 5. The result: requested, awaiting the email confirmation; when, and for how long.
  const done = page.getByRole('dialog', { name: 'Check your email to confirm your booking' });
  await expect(done.getByText('Requested, awaiting your email confirmation')).toBeVisible();
  await expect(done.getByText(`${longDay(date)}, ${time} (15 min)`)).toBeVisible();
  await expect(done).toContainText(email);
  const doneButton = done.getByRole('button', { name: 'Done' });
  await journeyStep(page, testInfo, 6, 'result', doneButton);
  await doneButton.click();

  // 6. The email asking them to confirm: what, when, where and the private link (no calendar
  // file yet: the address is unproven, ADR 022).
  const mail = (subject: string) =>
    expect
      .poll(() => latestMailTo(process.env.E2E_DATA_DIR!, email) ?? '', { timeout: 10_000 })
      .toContain(subject)
      .then(() => latestMailTo(process.env.E2E_DATA_DIR!, email)!);
  const hold = await mail('Please confirm your appointment request');
  expect(hold).toContain('What: Free preliminary call');
  expect(hold).toContain(`When: ${shortDay(date)}, ${time} (Nairobi time), 15 minutes`);
  expect(hold).toContain('Where: Phone call');
  const link = /(\/appointments\/manage#token=[\w-]+)/.exec(hold)?.[1];
  expect(link, 'the email carries the private link').toBeTruthy();

  // 7. The private link: confirm it is theirs.
  await gotoReady(page, link!);
  const confirm = page.getByRole('button', { name: 'Confirm my booking' });
  await journeyStep(page, testInfo, 7, 'manage-awaiting', confirm);
  await confirm.click();
  await expect(
    page.getByRole('status').filter({ hasText: 'the firm now has your appointment request' }),
  ).toBeVisible();
  await expect(page.getByText('Free (no fee)')).toBeVisible();
  // Now the firm has the request: the email says what, when, where, with the calendar file and
  // the link.
  const booked = await mail('We received your appointment request');
  expect(booked).toContain(`When: ${shortDay(date)}, ${time} (Nairobi time), 15 minutes`);
  expect(booked).toMatch(/Where: .*(phone|call)/i);
  expect(booked).toMatch(/Content-Type: text\/calendar/i);
  expect(booked).toContain('appointment.ics');
  expect(booked).toContain(link!.split('#')[0]);
  const reschedule = page.getByRole('button', { name: 'Reschedule' });
  await reschedule.scrollIntoViewIfNeeded();
  await journeyStep(page, testInfo, 8, 'manage-confirmed', reschedule);

  // 8. A new day and time through the same link.
  await reschedule.click();
  const move = page.getByRole('dialog', { name: 'Reschedule Appointment' });
  await pickDay(page, laterDate);
  const newTime = move.getByRole('radio').last();
  await newTime.scrollIntoViewIfNeeded();
  const newClock = (await newTime.getAttribute('value'))!;
  await newTime.check();
  const save = move.getByRole('button', { name: 'Reschedule' });
  await journeyStep(page, testInfo, 9, 'reschedule', save);
  await save.click();
  await expect(move).toHaveCount(0);
  await expect(page.getByRole('definition').filter({ hasText: shortDay(laterDate) })).toBeVisible();
  await expect(
    page.getByRole('definition').filter({ hasText: `${newClock} (15 min)` }),
  ).toBeVisible();
  const moved = await mail('Your appointment has moved');
  expect(moved).toContain(`When: ${shortDay(laterDate)}, ${newClock} (Nairobi time), 15 minutes`);

  // 9. Cancel through the link: the manage page says Cancelled, by whom, and asks no fee.
  const cancel = page.getByRole('button', { name: 'Cancel', exact: true });
  await cancel.scrollIntoViewIfNeeded();
  await journeyStep(page, testInfo, 10, 'rescheduled', cancel);
  await cancel.click();
  const cancelDialog = page.getByRole('dialog', { name: 'Cancel Appointment' });
  await cancelDialog
    .getByLabel('Reason for cancelling')
    .fill('My husband and I have agreed to see a mediator at the Family Division first');
  const cancelButton = cancelDialog.getByRole('button', { name: 'Cancel Appointment' });
  await journeyStep(page, testInfo, 11, 'cancel-dialog', cancelButton);
  await cancelButton.click();
  const notice = page.getByRole('region', { name: 'Cancelled' });
  await expect(notice).toContainText(/Cancelled on .+ by you\./);
  await expect(notice).toContainText('No fee is due for a cancelled appointment.');
  await expect(page.getByText(/Payment pending/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  // No promise of a call that will not happen.
  await expect(page.getByText(/We will call you/)).toHaveCount(0);
  await journeyStep(
    page,
    testInfo,
    12,
    'cancelled',
    notice.getByRole('link', { name: 'Book again' }),
  );

  // 10. Every place agrees: the email, and the link opened afresh, say Cancelled.
  const cancelled = await mail('Your appointment is cancelled');
  expect(cancelled).toContain('No fee is due for a cancelled appointment.');
  expect(cancelled).toContain(`${shortDay(laterDate)}, ${newClock}`);
  await gotoReady(page, link!);
  await expect(page.getByRole('region', { name: 'Cancelled' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Confirm my booking' })).toHaveCount(0);
  await expect(page.getByText(/Payment pending/)).toHaveCount(0);

  // 11. The same places on a desktop (1366 × 800): the link, the practice area, the booking form.
  await page.setViewportSize({ width: 1366, height: 800 });
  await expect(page.getByRole('region', { name: 'Cancelled' })).toBeVisible();
  await journeyStep(
    page,
    testInfo,
    13,
    'desktop-cancelled',
    page.getByRole('region', { name: 'Cancelled' }).getByRole('link', { name: 'Book again' }),
  );
  await gotoReady(page, '/practice-areas/family-law');
  const desktopBook = page
    .getByRole('main')
    .getByRole('link', { name: 'Book Appointment' })
    .first();
  await journeyStep(page, testInfo, 14, 'desktop-practice-area', desktopBook);
  await desktopBook.click();
  const desktopDialog = page.getByRole('dialog', { name: 'Book an Appointment' });
  await journeyStep(
    page,
    testInfo,
    15,
    'desktop-booking-form',
    desktopDialog.getByRole('button', { name: 'Book Appointment' }),
  );
});

test('a visitor on a phone writes a long message through the contact form and gets a reference and the hotline', async ({
  page,
}, testInfo) => {
  const suffix = uniqueSuffix();
  const email = `wanjiru.nyambura-kamau.achieng-odhiambo.${suffix}@long-visitor-mailbox.example.co.ke`;
  await stubMapTiles(page);
  await gotoReady(page, '/contact');
  const form = page.getByRole('form', { name: /Send Us a Message/ });
  const name = form.getByLabel('Full Name');
  await name.scrollIntoViewIfNeeded();
  await journeyStep(page, testInfo, 1, 'contact', name);

  await name.fill(`${FIRST_NAME} ${LAST_NAME}`);
  await form.getByLabel('Email Address').fill(email);
  await form.getByLabel('Phone Number').fill('+254 712 345 678');
  await form.getByRole('textbox', { name: /^Subject/ }).fill(TITLE);
  const message = form.getByRole('textbox', { name: /^Message/ });
  await message.fill(
    Array.from(
      { length: 20 },
      (_, line) =>
        `${line + 1}. ${DESCRIPTION} The title number is KAJIADO/KITENGELA/${4000 + line}.`,
    ).join('\n'),
  );
  await expect.poll(() => coveredBy(message)).toBe('');
  const consent = form.getByLabel(/I agree that Mwamba/);
  await consent.check();
  const send = form.getByRole('button', { name: 'Send Message' });
  await send.scrollIntoViewIfNeeded();
  await journeyStep(page, testInfo, 2, 'contact-filled', send);
  await expect
    .poll(async () => (await launcher(page).isVisible()) && (await coveredBy(send)))
    .toBeFalsy();
  await send.tap();

  const success = page.getByRole('status').filter({ hasText: 'Thank you for your message!' });
  await expect(success).toBeFocused();
  await expect(success).toBeInViewport({ ratio: 1 });
  const reference = /MW-[A-Z0-9]{5}/.exec((await success.textContent()) ?? '')?.[0];
  expect(reference, 'the confirmation shows a short reference').toBeTruthy();
  await journeyStep(page, testInfo, 3, 'contact-sent', success);

  let reply: string | null = null;
  await expect
    .poll(() => (reply = latestMailTo(process.env.E2E_DATA_DIR!, email)), { timeout: 10_000 })
    .not.toBeNull();
  expect(reply).toContain(`reference ${reference}`);
  expect(reply).toContain('+254 722 000 911');
});
