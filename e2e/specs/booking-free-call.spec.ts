import { expect, test } from '../support/fixtures';
import { latestMailTo } from '../support/accounts';
import { longDay, openWeekdays, pickSlot } from '../support/journey';
import { ownerToken, uniqueSuffix } from '../support/user-management';

/**
 * ADR 015 on a small phone (360×780): a visitor books the free 15-minute
 * preliminary call from the home page's offer, by phone, with no fee; the result screen and the
 * manage page say what happened; once cancelled, the manage page says Cancelled, when and by
 * whom, asks no fee and offers to book again.
 */

test.use({ viewport: { width: 360, height: 780 } });

test('a visitor books the free call from the home page, confirms it, and cancels it', async ({
  page,
  request,
}, testInfo) => {
  await ownerToken(request);
  const [date] = await openWeekdays(request, 'preliminary_call');
  const email = `free.${uniqueSuffix()}@example.co.ke`;
  const digits = String(Date.now()).slice(-6);

  await page.goto('/');
  await page.getByRole('link', { name: 'Book the free call' }).click();
  await expect(page).toHaveURL(/\/appointments\?book=preliminary_call$/);
  const dialog = page.getByRole('dialog', { name: 'Book an Appointment' });
  await expect(dialog.getByLabel('Type')).toHaveValue('preliminary_call');
  await expect(dialog.getByText('Free preliminary call: 15 min, free, by phone.')).toBeVisible();
  await expect(dialog.getByLabel('Where')).toHaveValue('phone');
  await expect(dialog.getByLabel('Office')).toHaveCount(0);

  await dialog.getByLabel('Title').fill('Unpaid wages');
  await dialog.getByLabel('Description').fill('My employer has not paid me for two months.');
  await pickSlot(page, date, '11:00');
  await dialog.getByLabel('First Name').fill('Achieng');
  await dialog.getByLabel('Last Name').fill('Otieno');
  await dialog.getByLabel('Email Address').fill(email);
  await dialog.getByLabel('Phone Number').fill(`0713 ${digits}`);
  await dialog.getByRole('checkbox', { name: /I agree/ }).check();
  await dialog.getByRole('button', { name: 'Book Appointment' }).click();

  // The visitor's result screen: requested, awaiting their email confirmation, 15 minutes.
  const done = page.getByRole('dialog', { name: 'Check your email to confirm your booking' });
  await expect(done.getByText('Requested, awaiting your email confirmation')).toBeVisible();
  await expect(done.getByText(`${longDay(date)}, 11:00 (15 min)`)).toBeVisible();
  await expect(done.getByText('Appointment booked successfully!')).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('1-free-call-result.png') });
  await done.getByRole('button', { name: 'Done' }).click();

  let eml: string | null = null;
  await expect
    .poll(() => (eml = latestMailTo(process.env.E2E_DATA_DIR!, email)), { timeout: 10_000 })
    .not.toBeNull();
  expect(eml).toContain('Free preliminary call');
  const link = /(\/appointments\/manage#token=[\w-]+)/.exec(eml!)?.[1];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await page.getByRole('button', { name: 'Confirm my booking' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'the firm now has your appointment request' }),
  ).toBeVisible();
  await expect(
    page.getByText(`We will call you on +254 713 ${digits.slice(0, 3)} ${digits.slice(3)}`),
  ).toBeVisible();
  await expect(page.getByText('Free (no fee)')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('2-free-call-confirmed.png'), fullPage: true });

  await page.getByRole('button', { name: 'Cancel' }).click();
  const cancel = page.getByRole('dialog', { name: 'Cancel Appointment' });
  await cancel.getByLabel('Reason for cancelling').fill('My employer paid me');
  await cancel.getByRole('button', { name: 'Cancel Appointment' }).click();

  const notice = page.getByRole('region', { name: 'Cancelled' });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText(/Cancelled on .+ by you\./);
  await expect(notice).toContainText('No fee is due for a cancelled appointment.');
  await expect(notice.getByRole('link', { name: 'Book again' })).toHaveAttribute(
    'href',
    '/appointments?book=preliminary_call',
  );
  await expect(page.getByText(/Payment pending/)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Reschedule' })).toHaveCount(0);
  await page.screenshot({ path: testInfo.outputPath('3-cancelled.png'), fullPage: true });
});
