import { expect, test } from '../support/fixtures';
import { type APIRequestContext, type Locator, type TestInfo } from '@playwright/test';
import { latestMailTo } from '../support/accounts';
import { fitsWidth, overflowingElements, seriousViolationsOnce } from '../support/page-checks';
import { callApi, uniqueSuffix } from '../support/user-management';
import { expectToast, toastsSeen } from '../support/toasts';

/**
 * The admin's journey (docs/journeys.md, "Admin"): office staff who admit clients and keep the
 * diary, and nothing else (no case files, no reports, no user management). Invited by the firm's
 * advocate, they choose a password from the email's link, see exactly what their two toggles
 * allow, are told why and by whom where something is refused, add a client and confirm a
 * visitor's booking request. Walked at 1366 × 800 and on a 360 × 780 phone, a screenshot per step,
 * axe on each screen, the next control in view and nothing sideways.
 */

const WALKS = [
  { name: 'laptop', viewport: { width: 1366, height: 800 }, isPhone: false },
  { name: 'phone', viewport: { width: 360, height: 780 }, isPhone: true },
] as const;

/** What the two toggles open, in the header's order (docs/texts.md's labels). */
const ALLOWED_ITEMS = ['Dashboard', 'Appointments', 'Messages', 'Clients', 'Enquiries'];

// The guard's words (packages/shared MESSAGES; the specs do not import the app's code).
const ACCESS_DENIED = 'Access Denied';
const NOT_ALLOWED = 'You do not have access to that page.';
// The refusal names the toggle it takes and who turns it on (packages/shared/src/permission-texts.ts).
const CASES_DENIED = 'You do not have permission to open case files.';
const OPEN_FILES_GRANT =
  'An admin needs the “Open Files” permission; an advocate turns it on in Admin Management → Edit Permissions.';
const ONLY_ADVOCATES = 'Only the firm’s advocates can open this page.';
const ADMIN_MANAGEMENT_DENIED =
  'Access Denied: Only advocates (super admins) can access this page.';

const nairobiToday = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());
const addDays = (date: string, days: number) => {
  const moved = new Date(`${date}T12:00:00Z`);
  moved.setUTCDate(moved.getUTCDate() + days);
  return moved.toISOString().slice(0, 10);
};

/** Waits for the email to `to` and returns it (DATA_DIR/mail, no SMTP in e2e). */
async function mailTo(to: string): Promise<string> {
  let eml: string | null = null;
  await expect
    .poll(() => (eml = latestMailTo(process.env.E2E_DATA_DIR!, to)), { timeout: 10_000 })
    .not.toBeNull();
  return eml!;
}

/**
 * A visitor books a consultation on the website and confirms it from their email: it is then a
 * request waiting for the firm's confirmation. Returns its title.
 */
async function visitorRequest(request: APIRequestContext, suffix: string, digits: string) {
  const title = `Consultation on a disputed title deed for ancestral land in Kiambu ${suffix}`;
  const email = `achieng.odhiambo-wanyama.${suffix}@nyayo-logistics.co.ke`;
  const today = nairobiToday();
  for (let ahead = 12; ahead < 60; ahead += 1) {
    const date = addDays(today, ahead);
    const free = await request.get(`/api/appointments/availability?date=${date}&type=consultation`);
    const { times } = (await free.json()) as { times: string[] };
    for (const time of times) {
      const booked = await request.post('/api/appointments', {
        data: {
          title,
          type: 'consultation',
          description:
            'My late father’s plot in Kiambu was transferred without the family’s consent; I need advice before the land control board sits.',
          date,
          time,
          firstName: 'Achieng Wanjiru',
          lastName: `Odhiambo-Wanyama ${suffix}`,
          email,
          phone: `+254 712 ${digits.slice(0, 3)} ${digits.slice(3)}`,
          consent: true,
        },
      });
      if (booked.status() !== 201) continue;
      const token = /\/appointments\/manage#token=([\w-]+)/.exec(await mailTo(email))?.[1];
      expect(token, 'the visitor’s email carries the private link').toBeTruthy();
      const confirmed = await request.post('/api/appointments/manage/confirm', {
        data: { token },
      });
      expect(confirmed.status(), await confirmed.text()).toBe(200);
      return title;
    }
  }
  throw new Error('no free consultation slot found');
}

for (const walk of WALKS) {
  test.describe(`an admin who admits clients and keeps the diary, on a ${walk.name}`, () => {
    test.use({
      viewport: walk.viewport,
      ...(walk.isPhone ? { isMobile: true, hasTouch: true } : {}),
    });

    test('is invited, sees what the toggles allow, is told why elsewhere, and does the office’s work', async ({
      ownerSession,
      page,
      request,
    }, testInfo: TestInfo) => {
      // A whole journey with a check of every screen: minutes on a busy machine.
      test.setTimeout(240_000);
      const owner = ownerSession;
      const suffix = uniqueSuffix();
      const digits = String(100000 + Math.floor(Math.random() * 899999));
      let step = 0;

      /** The screen as it is: screenshot, axe (once a screen), nothing sideways, the next control in view. */
      const checkScreen = async (name: string, next?: Locator) => {
        step += 1;
        if (next) {
          await next.scrollIntoViewIfNeeded();
          await expect(next).toBeInViewport();
        }
        await page.screenshot({
          path: testInfo.outputPath(`${String(step).padStart(2, '0')}-${walk.name}-${name}.png`),
        });
        // Once every toast has gone: axe would read one mid-fade, its colours half transparent.
        await expect(page.locator('[data-rht-toaster] [role="status"]')).toHaveCount(0, {
          timeout: 10_000,
        });
        expect(await seriousViolationsOnce(page, testInfo), name).toEqual([]);
        expect(await fitsWidth(page), name).toBe(true);
        expect(await overflowingElements(page), name).toEqual([]);
      };

      /** The header's items: the bar on a laptop, the menu on a phone (opened, then closed). */
      const navItems = async (): Promise<Locator> => {
        if (walk.isPhone) {
          await page.getByRole('button', { name: 'Open menu' }).click();
          return page.locator('#mobile-menu');
        }
        return page.getByRole('banner').getByRole('navigation', { name: 'Main' });
      };
      const goVia = async (item: string) => {
        const nav = await navItems();
        await nav.getByRole('link', { name: new RegExp(`^${item}\\b`) }).click();
      };

      // The advocate adds them with two of the six toggles; the invitation goes by email.
      const firstName = 'Nyokabi Wairimu';
      const lastName = `Mwangi-Otieno Kariuki ${suffix}`;
      const email = `nyokabi.wairimu.mwangi-otieno.${suffix}@mwamba-advocates-office.co.ke`;
      await callApi(request, owner, 'POST', '/user-management/create-admin', {
        firstName,
        lastName,
        email,
        phone: `+254 722 ${digits.slice(0, 3)} ${digits.slice(3)}`,
        permissions: {
          canOpenFiles: false,
          canUploadFiles: false,
          canAdmitClients: true,
          canManageCases: false,
          canScheduleAppointments: true,
          canAccessReports: false,
        },
      });
      const link = /\/welcome#token=[\w-]+/.exec(await mailTo(email))?.[0];
      expect(link, 'the invitation carries its link').toBeTruthy();
      // Someone asks the firm for a consultation in the meantime.
      const requestTitle = await visitorRequest(request, suffix, digits);

      // 1. The invitation's link: choose a password, straight to the dashboard.
      await page.goto(link!);
      await expect(page.getByRole('heading', { name: 'Choose your password' })).toBeVisible();
      await page.getByLabel('New password', { exact: true }).fill('Office-Diary-2026');
      await page.getByLabel('Confirm new password').fill('Office-Diary-2026');
      await checkScreen('welcome', page.getByRole('button', { name: 'Set password and sign in' }));
      await page.getByRole('button', { name: 'Set password and sign in' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(
        page.getByRole('heading', { level: 1, name: `Welcome, ${firstName}` }),
      ).toBeVisible();
      // The portal's own frame: no marketing footer, no chat bubble for staff.
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await expect(
        page.getByRole('button', { name: /^Open chat/, includeHidden: true }),
      ).toHaveCount(0);
      const requestsTile = page.getByRole('link', { name: /^Booking requests to confirm/ });
      await checkScreen('dashboard', requestsTile);

      // 2. Exactly what the toggles allow: five items, no Cases, no Administration.
      const nav = await navItems();
      for (const item of ALLOWED_ITEMS) {
        await expect(nav.getByRole('link', { name: new RegExp(`^${item}\\b`) })).toBeVisible();
      }
      for (const item of ['Cases', 'My Cases', 'Admin Management', 'System Settings']) {
        await expect(nav.getByRole('link', { name: item, exact: true })).toHaveCount(0);
      }
      await expect(nav.getByRole('button', { name: 'Administration' })).toHaveCount(0);
      if (walk.isPhone) {
        await expect(nav.getByRole('link', { name: 'Profile Settings' })).toBeVisible();
        await checkScreen('menu', nav.getByRole('button', { name: 'Sign Out' }));
        await page.getByRole('button', { name: 'Close menu' }).click();
      } else {
        await checkScreen('navigation', nav.getByRole('link', { name: /^Enquiries\b/ }));
      }
      // The dashboard shows no tile of what is refused (court dates, cases, fees).
      await expect(page.getByRole('link', { name: /Court dates/ })).toHaveCount(0);
      await expect(page.getByRole('link', { name: /Fees/ })).toHaveCount(0);

      // 3. Refused: told why, and who can change it, inside the portal's frame.
      await page.goto('/cases');
      const denied = page.getByRole('region', { name: ACCESS_DENIED });
      await expect(denied.getByText(CASES_DENIED)).toBeVisible();
      await expect(denied.getByText(OPEN_FILES_GRANT)).toBeVisible();
      await expect(page.getByRole('contentinfo')).toHaveCount(0);
      await checkScreen(
        'cases-refused',
        denied.getByRole('link', { name: 'Go to your dashboard' }),
      );
      await page.goto('/admin-management');
      await expect(denied.getByText(ADMIN_MANAGEMENT_DENIED)).toBeVisible();
      await expect(denied.getByText(ONLY_ADVOCATES)).toBeVisible();
      await checkScreen(
        'admin-management-refused',
        denied.getByRole('link', { name: 'Go to your dashboard' }),
      );
      await page.goto('/system-settings');
      await expect(denied.getByText(NOT_ALLOWED)).toBeVisible();
      await expect(denied.getByText(ONLY_ADVOCATES)).toBeVisible();
      await denied.getByRole('link', { name: 'Go to your dashboard' }).click();
      await expect(page).toHaveURL(/\/dashboard$/);

      // 4. Clients: add one with a long name and a long address.
      await goVia('Clients');
      await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible();
      const addClient = page.getByRole('button', { name: 'Add Client' });
      await checkScreen('clients', addClient);
      await addClient.click();
      const dialog = page.getByRole('dialog', { name: 'Add Client' });
      const clientFirst = 'Wanjiku-Nyambura Achieng';
      const clientLast = `Kamau-Odhiambo Wekesa-Mwangi ${suffix}`;
      const clientEmail = `wanjiku.nyambura.kamau-odhiambo.${suffix}@kilimani-holdings.co.ke`;
      await dialog.getByLabel('First Name').fill(clientFirst);
      await dialog.getByLabel('Last Name').fill(clientLast);
      await dialog.getByLabel('Email').fill(clientEmail);
      await dialog.getByLabel(/^Phone/).fill(`+254 733 ${digits.slice(0, 3)} ${digits.slice(3)}`);
      await checkScreen('add-client', dialog.getByRole('button', { name: 'Create Client' }));
      await dialog.getByRole('button', { name: 'Create Client' }).click();
      await expectToast(page, 'Client created successfully');
      const shown = page.getByRole('dialog', { name: 'Temporary Password' });
      await checkScreen(
        'client-created',
        shown.getByRole('button', { name: 'Close', exact: true }),
      );
      await shown.getByRole('button', { name: 'Close', exact: true }).click();
      await page.getByRole('searchbox', { name: 'Search clients' }).fill(suffix);
      const row = page.getByRole('table', { name: 'Clients' }).getByRole('row').filter({
        hasText: clientLast,
      });
      await expect(row.getByText(clientEmail)).toBeVisible();
      await expect(page.getByText(/^1 client$/)).toBeVisible();
      // The address wraps only after its @ and dots: each of its parts stays on one line.
      const brokenParts = await row.getByText(clientEmail).evaluate((element) =>
        Array.from(element.querySelectorAll('span.whitespace-nowrap'))
          .filter((part) => part.getClientRects().length > 1)
          .map((part) => part.textContent),
      );
      expect(brokenParts).toEqual([]);
      await checkScreen('client-listed', row.getByRole('link', { name: new RegExp(clientFirst) }));

      // 5. Bookings: the dashboard's figure is the list it opens; confirm the visitor's request.
      // The dashboard shows the figures it has and asks again as it opens: read the fresh ones.
      const freshFigures = page.waitForResponse(
        (response) => response.url().includes('/api/dashboard/stats') && response.ok(),
      );
      await goVia('Dashboard');
      const figure = ((await (await freshFigures).json()) as { bookingRequests: number })
        .bookingRequests;
      await expect(requestsTile).toHaveAccessibleName(
        new RegExp(`^Booking requests to confirm\\s*${figure}\\b`),
      );
      expect(figure).toBeGreaterThanOrEqual(1);
      await requestsTile.click();
      await expect(page).toHaveURL(/\/appointments\?status=scheduled&from=.+&awaiting=firm$/);
      // Other journeys book and confirm on this server at the same time: the list's count and
      // the dashboard's figure are compared at one moment, each read afresh.
      const listedCount = page.getByText(/^\d+ appointments?$/);
      await expect
        .poll(async () => {
          await page.reload();
          const listed = Number(/^(\d+)/.exec((await listedCount.textContent()) ?? '')?.[1]);
          // As the dashboard asks, with the session the app keeps (localStorage `token`).
          const now = await page.evaluate(async () => {
            const answer = await fetch('/api/dashboard/stats', {
              headers: { authorization: `Bearer ${localStorage.getItem('token') ?? ''}` },
            });
            return ((await answer.json()) as { bookingRequests: number }).bookingRequests;
          });
          return listed === now;
        })
        .toBe(true);
      await page.getByRole('searchbox', { name: 'Search appointments' }).fill(suffix);
      const confirm = page.getByRole('button', { name: `Confirm: ${requestTitle}` });
      await checkScreen('booking-requests', confirm);
      await confirm.click();
      // A review of what will be sent may come first: confirm there too.
      const review = page.getByRole('dialog');
      await expect
        .poll(
          async () =>
            (await review.isVisible()) ||
            (await toastsSeen(page)).some((shown) => shown.text.includes('Appointment confirmed')),
        )
        .toBe(true);
      if (await review.isVisible()) {
        await checkScreen(
          'confirm-review',
          review.getByRole('button', { name: /^Confirm/ }).last(),
        );
        await review
          .getByRole('button', { name: /^Confirm/ })
          .last()
          .click();
      }
      await expectToast(page, 'Appointment confirmed');
      await page.getByRole('tab', { name: 'Confirmed' }).click();
      await expect(
        page.getByRole('button', { name: `Mark completed: ${requestTitle}` }),
      ).toBeVisible();
      await checkScreen(
        'booking-confirmed',
        page.getByRole('button', { name: `Reschedule: ${requestTitle}` }),
      );

      // 6. Messages: they may write to a client they admitted (no case files needed).
      await goVia('Messages');
      await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
      await checkScreen('messages', page.getByRole('button', { name: 'New Message' }));

      // 7. Enquiries: the inbox of contact messages and booking requests.
      await goVia('Enquiries');
      await expect(page.getByRole('heading', { level: 1, name: 'Enquiries' })).toBeVisible();
      await checkScreen('enquiries', page.getByRole('combobox', { name: 'Status' }).first());
    });
  });
}
