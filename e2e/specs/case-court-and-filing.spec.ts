import { expect, test } from '../support/fixtures';
import {
  callApi,
  createReadyUser,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';
import { PDF } from '../support/files';
import { typedDay } from '../support/journey';
import { expectToast, newContext } from '../support/toasts';

/**
 * What the cases and messaging stories leave to component tests, in a real browser: a court date
 * given in New Case, a hearing recorded from the case, and an attachment a client sent in a
 * conversation about the case filed to its documents by staff.
 */

/** Fixed-date Kenyan public holidays (MM-DD): a court date then is asked about (ADR 025). */
const FIXED_HOLIDAYS = ['01-01', '05-01', '06-01', '10-10', '10-20', '12-12', '12-25', '12-26'];

/**
 * The first weekday that is not a fixed holiday, `days` or more ahead of today in Nairobi, as a
 * person types it at 09:30 (day/month/year, 24-hour).
 */
function nairobiMorning(days: number): { input: string; day: string } {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  const date = new Date(`${today}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  while (
    [0, 6].includes(date.getUTCDay()) ||
    FIXED_HOLIDAYS.includes(date.toISOString().slice(5, 10))
  ) {
    date.setUTCDate(date.getUTCDate() + 1);
  }
  const day = date.toISOString().slice(0, 10);
  // As the portal writes a day (packages/shared date-format.ts): "Thu 26 Nov 2026".
  const shown = `${'SunMonTueWedThuFriSat'.slice(date.getUTCDay() * 3, date.getUTCDay() * 3 + 3)} ${date.getUTCDate()} ${'JanFebMarAprMayJunJulAugSepOctNovDec'.slice(date.getUTCMonth() * 3, date.getUTCMonth() * 3 + 3)} ${date.getUTCFullYear()}`;
  return { input: typedDay(day, '09:30'), day: shown };
}

test('a court date from New Case, a hearing, and a client’s attachment filed to the case', async ({
  ownerSession,
  browser,
  request,
}) => {
  test.slow(); // two people, two browsers, an upload
  const owner = ownerSession;
  const suffix = uniqueSuffix();
  const client = await createReadyUser(request, owner, suffix, 'client');
  const title = `Tenancy dispute ${suffix}`;
  const hearingDay = nairobiMorning(21);

  // Staff open the case with its court date.
  const staffContext = await newContext(browser);
  const staff = await staffContext.newPage();
  await useSessionToken(staff, owner);
  await staff.goto('/cases');
  await staff.getByRole('button', { name: 'New Case' }).click();
  const form = staff.getByRole('dialog', { name: 'New Case' });
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Description').fill('The landlord kept the deposit.');
  await form.getByLabel('Category').selectOption({ label: 'Property Law' });
  await form.getByLabel('Priority').selectOption('medium');
  await form.getByLabel('Find client').fill(suffix);
  await form
    .getByLabel('Client', { exact: true })
    .selectOption({ label: `Ready client ${suffix} (${client.email})` });
  await form.getByLabel('Court (optional)').fill('Milimani Law Courts');
  await form.getByLabel('Court date (optional, Nairobi time)').fill(hearingDay.input);
  await form.getByRole('button', { name: 'Create Case' }).click();
  await expectToast(staff, 'Case created successfully!');

  const detail = staff.getByRole('dialog', { name: title });
  await expect(
    detail.getByText(`Court date set for ${hearingDay.day}, 09:30 at Milimani Law Courts`),
  ).toBeVisible();
  const caseUrl = staff.url();
  const caseId = caseUrl.split('/cases/')[1]!;

  // A hearing goes on the timeline.
  await detail.getByLabel('Record a hearing (optional)').fill('Mention: directions given');
  await detail.getByRole('button', { name: 'Save changes' }).click();
  await expectToast(staff, 'Case updated successfully');
  await expect(detail.getByText('Court hearing: Mention: directions given')).toBeVisible();

  // The client writes about the case, with the signed tenancy agreement attached.
  const started = await callApi<{ conversation: { id: string } }>(
    request,
    client.token,
    'POST',
    '/conversations',
    { subject: `Deposit ${suffix}`, caseId, body: 'Here is the agreement.' },
  );
  const conversationId = started.conversation.id;
  const sent = await request.post(`/api/conversations/${conversationId}/messages`, {
    headers: { authorization: `Bearer ${client.token}` },
    multipart: {
      body: 'The signed copy.',
      file: { name: 'Tenancy agreement.pdf', mimeType: 'application/pdf', buffer: PDF },
    },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // Staff file the attachment to the case from the conversation.
  await staff.goto(`/messages?c=${conversationId}`);
  await staff.getByRole('button', { name: 'File Tenancy agreement.pdf to the case' }).click();
  await expectToast(staff, 'File added to the case documents');

  await staff.goto(`/cases/${caseId}`);
  const filed = staff.getByRole('dialog', { name: title });
  await expect(filed.getByRole('button', { name: 'Download Tenancy agreement.pdf' })).toBeVisible();
  await expect(filed.getByText('Document uploaded: Tenancy agreement.pdf')).toBeVisible();
  await staffContext.close();

  // The client sees the court date and the filed document on their case.
  const clientContext = await newContext(browser, { viewport: { width: 360, height: 740 } });
  const phone = await clientContext.newPage();
  await useSessionToken(phone, client.token);
  await phone.goto(`/cases/${caseId}`);
  const mine = phone.getByRole('dialog', { name: title });
  await expect(mine.getByText(`${hearingDay.day}, 09:30`).first()).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Download Tenancy agreement.pdf' })).toBeVisible();
  await clientContext.close();
});
