import { expect, test } from '../support/fixtures';
import { bookAtFreeTime, journeyStep, openWeekdays } from '../support/journey';
import {
  callApi,
  createReadyUser,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';
import { expectToast, newContext } from '../support/toasts';

/**
 * The diary in Chromium at a phone's and a desk's width: a video call's meeting link added where
 * the confirm review asks for it, changed from the card and offered in Reschedule, and the client's
 * "Join the call" (ADR 015); a court date on Jamhuri Day asked about before it is kept (ADR 025).
 */

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1366, height: 900 },
]) {
  test.describe(`at ${viewport.width} px`, () => {
    test.use({ viewport });

    test('a video call’s meeting link: confirm, change, reschedule, join', async ({
      ownerSession,
      browser,
      page,
      request,
    }, testInfo) => {
      test.slow(); // two people
      const owner = ownerSession;
      const suffix = uniqueSuffix();
      const client = await createReadyUser(request, owner, suffix, 'client');
      const title = `Video consultation on the Ruiru boundary ${suffix}`;
      // Past the days the other booking specs use (from 3 and 5 days on), then a time still free.
      const [day] = await openWeekdays(request, 'consultation', 12);
      await bookAtFreeTime(
        request,
        owner,
        {
          title,
          type: 'consultation',
          description: 'The neighbour fenced two metres into the title; the chief could not help.',
          date: day,
          location: 'video',
          clientId: client.id,
        },
        viewport.width === 360 ? 0 : 1,
      );
      const firstLink = `https://meet.example.com/ruiru-${suffix}`;
      const newLink = `https://zoom.example.com/j/8825510042?pwd=${suffix}`;

      await useSessionToken(page, owner);
      await page.goto('/appointments');
      await page.getByRole('searchbox', { name: 'Search appointments' }).fill(title);
      const card = page.getByRole('article', { name: title });
      await card.getByRole('button', { name: `Confirm: ${title}` }).click();
      const review = page.getByRole('dialog', { name: 'Confirm this appointment?' });
      const linkField = review.getByRole('textbox', { name: 'Meeting link' });
      await expect(review).toContainText('add the meeting link so the client can join');
      await linkField.fill(firstLink);
      await expect(review).toContainText(`A video call: ${firstLink}`);
      await journeyStep(page, testInfo, 1, `confirm-with-link-${viewport.width}`);
      await review.getByRole('button', { name: 'Confirm and send' }).click();
      await expect(review).toBeHidden();
      await expect(card.getByRole('link', { name: 'Join the call' })).toHaveAttribute(
        'href',
        firstLink,
      );

      // Changed from the card: the client is emailed the new one.
      await card.getByRole('button', { name: `Meeting link: ${title}` }).click();
      const edit = page.getByRole('dialog', { name: 'Meeting link for the video call' });
      await edit.getByRole('textbox', { name: 'Meeting link' }).fill('http://not-secure.example');
      await edit.getByRole('button', { name: 'Save and email the client' }).click();
      await expect(edit.getByText('Meeting link must be an https:// address')).toBeVisible();
      await edit.getByRole('textbox', { name: 'Meeting link' }).fill(newLink);
      await journeyStep(page, testInfo, 2, `change-link-${viewport.width}`);
      await edit.getByRole('button', { name: 'Save and email the client' }).click();
      await expectToast(page, 'Meeting link saved and emailed to the client');
      await expect(card.getByRole('link', { name: 'Join the call' })).toHaveAttribute(
        'href',
        newLink,
      );

      // Reschedule offers the link too.
      await card.getByRole('button', { name: `Reschedule: ${title}` }).click();
      const reschedule = page.getByRole('dialog', { name: 'Reschedule Appointment' });
      await expect(reschedule.getByRole('textbox', { name: 'Meeting link' })).toHaveValue(newLink);
      await journeyStep(page, testInfo, 3, `reschedule-${viewport.width}`);
      await reschedule.getByRole('button', { name: 'Keep Current Time' }).click();

      // The client joins from their card.
      const clientContext = await newContext(browser, { viewport });
      const clientPage = await clientContext.newPage();
      await useSessionToken(clientPage, client.token);
      await clientPage.goto('/appointments');
      const mine = clientPage.getByRole('article', { name: title });
      await expect(mine.getByRole('link', { name: 'Join the call' })).toHaveAttribute(
        'href',
        newLink,
      );
      await expect(mine.getByRole('button', { name: /Meeting link/ })).toHaveCount(0);
      await journeyStep(clientPage, testInfo, 4, `client-join-${viewport.width}`);
      await clientContext.close();
    });

    test('a court date on Jamhuri Day is asked about, then kept', async ({
      ownerSession,
      page,
      request,
    }, testInfo) => {
      const owner = ownerSession;
      const suffix = uniqueSuffix();
      const client = await createReadyUser(request, owner, suffix, 'client');
      const title = `Succession of the late Mzee Kamau ${suffix}`;
      const opened = await callApi<{ case: { id: string } }>(request, owner, 'POST', '/cases', {
        title,
        description: 'Letters of administration; a cousin objects to the grant.',
        category: 'family',
        priority: 'high',
        clientId: client.id,
        court: 'Kiambu High Court',
      });
      await useSessionToken(page, owner);
      await page.goto(`/cases/${opened.case.id}`);
      const detail = page.getByRole('dialog', { name: title });
      // Typed as a person here writes it, day/month/year and 24-hour, whatever the browser's
      // language; the field says how it reads before it is saved.
      const courtDate = detail.getByLabel('Court date (Nairobi time)');
      await courtDate.pressSequentially('12/12/2026 08:30');
      await expect(courtDate).toHaveAccessibleDescription('Reads: Sat 12 Dec 2026, 08:30');
      await detail.getByRole('button', { name: 'Save changes' }).click();
      const question = detail.getByRole('alert').filter({ hasText: 'Jamhuri Day' });
      await expect(question).toHaveText(
        /Saturday 12 December 2026 is Jamhuri Day\. Courts rarely sit then\. Save anyway\?/,
      );
      await journeyStep(
        page,
        testInfo,
        1,
        `court-day-question-${viewport.width}`,
        question.getByRole('button', { name: 'Save anyway' }),
      );
      await question.getByRole('button', { name: 'Save anyway' }).click();
      await expectToast(page, 'Case updated successfully');
      await expect(detail.getByText(/Court date set for Sat 12 Dec 2026, 08:30/)).toBeVisible();
    });
  });
}
