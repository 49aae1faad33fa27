import { expect, test } from '../support/fixtures';
import { type APIRequestContext } from '@playwright/test';
import {
  callApi,
  createReadyUser,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';
import { fitsWidth, seriousViolations } from '../support/page-checks';

/**
 * Dashboards in a real browser: a client's tiles and quick actions on a 360 px phone,
 * and an advocate's tiles leading to the filtered lists they count. Figures of the whole firm move
 * as other specs run on the shared server, so the advocate's story checks where tiles lead, not
 * their numbers.
 */

const addDays = (date: string, days: number) => {
  const moved = new Date(`${date}T12:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
};

/** A follow-up the client books for themselves, on the first free weekday slot found. */
async function bookFollowUp(request: APIRequestContext, token: string, title: string) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
  for (let ahead = 10; ahead < 40; ahead += 1) {
    const date = addDays(today, ahead);
    const free = await request.get(`/api/appointments/availability?date=${date}&type=follow_up`);
    const { times } = (await free.json()) as { times: string[] };
    for (const time of times) {
      const booked = await request.post('/api/appointments', {
        headers: { authorization: `Bearer ${token}` },
        data: { title, type: 'follow_up', description: 'About the plot', date, time },
      });
      if (booked.status() === 201) return;
    }
  }
  throw new Error('no free follow-up slot found');
}

test('a client on a phone: tiles, Book Appointment, Upload Document and Make Payment', async ({
  ownerSession,
  browser,
  request,
}) => {
  const owner = ownerSession;
  const suffix = uniqueSuffix();
  const client = await createReadyUser(request, owner, suffix, 'client');
  const title = `Boundary dispute ${suffix}`;
  const created = await callApi<{ case: { id: string } }>(request, owner, 'POST', '/cases', {
    title,
    description: 'The neighbour fenced off part of the plot.',
    category: 'property',
    priority: 'high',
    clientId: client.id,
  });
  await bookFollowUp(request, client.token, `Site visit ${suffix}`);

  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const phone = await context.newPage();
  await useSessionToken(phone, client.token);
  await phone.goto('/dashboard');
  await expect(phone.getByRole('heading', { level: 1, name: /^Welcome, Ready$/ })).toBeVisible();
  const tiles = phone.getByRole('list', { name: 'Your figures' });
  await expect(tiles.getByRole('link', { name: /Active cases\s*1/ })).toBeVisible();
  await expect(tiles.getByRole('link', { name: /Upcoming appointments\s*1/ })).toBeVisible();
  await expect(tiles.getByRole('link', { name: /Unread messages\s*0/ })).toBeVisible();
  await expect(tiles.getByRole('link', { name: /Fees pending\s*KSh 3,000/ })).toBeVisible();
  await expect(phone.getByRole('link', { name: title })).toBeVisible();
  expect(await seriousViolations(phone)).toEqual([]);
  expect(await fitsWidth(phone)).toBe(true);

  // Make Payment: the unpaid fee and how to pay.
  await phone.getByRole('button', { name: 'Make Payment' }).click();
  const payment = phone.getByRole('dialog', { name: 'Make Payment' });
  await expect(payment.getByRole('table', { name: 'Unpaid fees' })).toContainText(
    `Site visit ${suffix}`,
  );
  await expect(payment.getByText(/M-Pesa/).first()).toBeVisible();
  expect(await seriousViolations(phone)).toEqual([]);
  await payment.getByRole('button', { name: 'Close' }).last().click();

  // Upload Document: pick the open case; its page opens at the upload area.
  await phone.getByRole('button', { name: 'Upload Document' }).click();
  const picker = phone.getByRole('dialog', { name: 'Upload Document' });
  await picker.getByLabel('Case').selectOption(created.case.id);
  await picker.getByRole('button', { name: 'Continue' }).click();
  await expect(phone).toHaveURL(new RegExp(`/cases/${created.case.id}\\?upload=1$`));
  await expect(
    phone.getByRole('dialog', { name: title }).getByRole('button', { name: 'Upload Document' }),
  ).toBeFocused();

  // Book Appointment: the appointments screen opens the booking.
  await phone.goto('/dashboard');
  await phone.getByRole('button', { name: 'Book Appointment' }).click();
  await expect(phone).toHaveURL(/\/appointments\?book=consultation$/);
  await expect(phone.getByRole('dialog', { name: 'Book an Appointment' })).toBeVisible();

  // A tile leads to the list it counts.
  await phone.goto('/dashboard');
  await phone.getByRole('link', { name: /Active cases\s*1/ }).click();
  await expect(phone).toHaveURL(/\/cases\?status=open$/);
  await expect(phone.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue('open');
  await expect(phone.getByRole('link', { name: title })).toBeVisible();
  await context.close();
});

test("an advocate's tiles lead to the filtered lists they count", async ({
  ownerSession,
  browser,
  request,
}) => {
  const owner = ownerSession;
  const suffix = uniqueSuffix();
  const client = await createReadyUser(request, owner, suffix, 'client');
  const title = `Employment claim ${suffix}`;
  const created = await callApi<{ case: { id: string; version: number } }>(
    request,
    owner,
    'POST',
    '/cases',
    {
      title,
      description: 'Unfair dismissal.',
      category: 'employment',
      priority: 'medium',
      clientId: client.id,
    },
  );
  await callApi(request, owner, 'PUT', `/cases/${created.case.id}`, {
    version: created.case.version,
    status: 'in_progress',
  });

  const page = await (await browser.newContext()).newPage();
  await useSessionToken(page, owner);
  await page.goto('/dashboard');
  const byStatus = page.getByRole('list', { name: 'Cases not yet closed, by status' });
  await expect(byStatus.getByRole('link', { name: /In progress\s*\d+/ })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);

  await byStatus.getByRole('link', { name: /In progress/ }).click();
  await expect(page).toHaveURL(/\/cases\?status=in_progress$/);
  await expect(page.getByRole('combobox', { name: 'Status', exact: true })).toHaveValue(
    'in_progress',
  );
  await page.getByRole('searchbox', { name: 'Search cases' }).fill(suffix);
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  await page.goto('/dashboard');
  await page.getByRole('link', { name: /Booking requests to confirm/ }).click();
  await expect(page).toHaveURL(
    /\/appointments\?status=scheduled&from=\d{4}-\d{2}-\d{2}&awaiting=firm$/,
  );
  await expect(page.getByRole('tab', { name: 'Scheduled' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByText(/^Showing appointments from /)).toBeVisible();

  // This month's new clients: the client made above is among them.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /New clients this month/ }).click();
  await expect(page).toHaveURL(/\/clients\?joinedFrom=\d{4}-\d{2}-01&joinedTo=\d{4}-\d{2}-\d{2}$/);
  await expect(page.getByText(/^Showing clients who joined .+ to .+\.$/)).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search clients' }).fill(suffix);
  await expect(page.getByRole('table', { name: 'Clients' }).getByRole('row')).toHaveCount(2);

  await page.goto('/dashboard');
  await page.getByRole('link', { name: /Fees paid this month/ }).click();
  await expect(page).toHaveURL(/\/appointments\?payment=paid&paidFrom=\d{4}-\d{2}-01&paidTo=/);
  await expect(page.getByText(/^Showing appointments paid .+ to .+\.$/)).toBeVisible();

  // Registrations to verify: Admin Management opens at the users, filtered to them.
  await page.goto('/dashboard');
  await page.getByRole('link', { name: /Advocates awaiting verification/ }).click();
  await expect(page).toHaveURL(/\/admin-management\?tab=users&users\.status=pending$/);
  await expect(page.getByRole('tab', { name: 'Advanced User Management' })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  await expect(page.getByRole('combobox', { name: 'Filter users by status' })).toHaveValue(
    'pending',
  );
});
