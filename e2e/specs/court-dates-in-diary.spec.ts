import { expect, test } from '../support/fixtures';
import {
  callApi,
  createReadyUser,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';
import { fitsWidth } from '../support/page-checks';

/**
 * ADR 025: a court date set on a case is in the staff diary (day and week, with the court
 * and the case) and in the client's Appointments, on a phone and on a desktop.
 */

const today = () =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Nairobi' }).format(new Date());

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1366, height: 900 },
]) {
  test(`a court date in the staff diary and the client's appointments at ${viewport.width}px`, async ({
    ownerSession,
    browser,
    request,
  }, testInfo) => {
    test.slow(); // two people, two browsers
    const owner = ownerSession;
    const me = await callApi<{ id: string }>(request, owner, 'GET', '/auth/me');
    const suffix = uniqueSuffix();
    const client = await createReadyUser(request, owner, suffix, 'client');
    const title = `Boundary dispute ${suffix}`;
    const created = await callApi<{ case: { id: string; caseNumber: string } }>(
      request,
      owner,
      'POST',
      '/cases',
      {
        title,
        description: 'The neighbour moved the beacons.',
        category: 'property',
        priority: 'high',
        clientId: client.id,
        assignedTo: me.id,
        court: 'Milimani Law Courts',
        courtDate: `${today()}T10:00:00+03:00`,
        // Today may be a weekend or a holiday: kept as the court gave it (ADR 025).
        courtDateConfirmed: true,
      },
    );
    const caseLink = `${created.case.caseNumber}: ${title}`;

    // The advocate's own diary, day and week.
    const staffContext = await browser.newContext({ viewport });
    const staff = await staffContext.newPage();
    await useSessionToken(staff, owner);
    await staff.goto('/appointments');
    const diary = staff.getByRole('region', { name: 'My Diary' });
    await expect(diary.getByRole('link', { name: caseLink })).toBeVisible();
    await expect(diary.getByText(/Milimani Law Courts/).first()).toBeVisible();
    await expect(diary.getByText('Nothing in the diary that day')).toHaveCount(0);
    await diary.getByRole('button', { name: 'Week' }).click();
    await expect(diary.getByRole('link', { name: caseLink })).toBeVisible();
    expect(await fitsWidth(staff)).toBe(true);
    await diary.screenshot({ path: testInfo.outputPath(`staff-diary-${viewport.width}.png`) });

    // The client's Appointments.
    const clientContext = await browser.newContext({ viewport });
    const clientPage = await clientContext.newPage();
    await useSessionToken(clientPage, client.token);
    await clientPage.goto('/appointments');
    const courtDates = clientPage.getByRole('region', { name: 'Your court dates' });
    await expect(courtDates.getByRole('link', { name: caseLink })).toBeVisible();
    await expect(courtDates.getByText('Milimani Law Courts')).toBeVisible();
    expect(await fitsWidth(clientPage)).toBe(true);
    await clientPage.screenshot({
      path: testInfo.outputPath(`client-appointments-${viewport.width}.png`),
      fullPage: true,
    });

    await staffContext.close();
    await clientContext.close();
  });
}
