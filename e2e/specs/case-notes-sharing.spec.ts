import { expect, test } from '../support/fixtures';
import {
  callApi,
  createReadyUser,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';
import { expectToast } from '../support/toasts';

/**
 * ADR 014: a note typed after a shared one reached the client because the choice stayed on
 * "Shared with client". Each note starts internal; the client sees only the one shared.
 */
for (const width of [1366, 360]) {
  test(`a note added after a shared one stays internal (${width} px)`, async ({
    ownerSession,
    page,
    request,
  }, testInfo) => {
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const client = await createReadyUser(request, owner, suffix, 'client');
    const title = `Unfair dismissal, Kamau v. Savanna Logistics ${suffix}`;
    const created = await callApi<{ case: { id: string } }>(request, owner, 'POST', '/cases', {
      title,
      description: 'Dismissed without a hearing after eleven years of service.',
      category: 'employment',
      priority: 'high',
      clientId: client.id,
    });
    const caseId = created.case.id;

    await page.setViewportSize({ width, height: width > 1000 ? 900 : 780 });
    await useSessionToken(page, owner);
    await page.goto(`/cases/${caseId}`);
    const detail = page.getByRole('dialog', { name: title });
    const note = detail.getByLabel('New note');
    await note.fill('The hearing is on 14 December at the Employment and Labour Relations Court.');
    await detail.getByRole('radio', { name: 'Shared with client' }).check();
    await detail.getByRole('button', { name: 'Add and share with the client' }).click();
    await expectToast(page, 'Note added successfully');
    await expect(note).toHaveValue('');

    // The next note starts internal, and the button says no more than "Add Note".
    await expect(detail.getByRole('radio', { name: 'Internal (firm only)' })).toBeChecked();
    await note.fill(
      "Internal: the employer's HR manager admitted off the record that the dismissal was planned. Do not disclose yet.",
    );
    await detail.getByRole('button', { name: 'Add Note' }).click();
    await expect(detail.getByText("Internal: the employer's HR manager")).toBeVisible();
    await page.screenshot({ path: testInfo.outputPath(`staff-notes-${width}.png`) });

    // As the client: only the shared note, and one "New note" in the bell at most.
    await useSessionToken(page, client.token);
    await page.goto(`/cases/${caseId}`);
    const mine = page.getByRole('dialog', { name: title });
    await expect(mine.getByText('The hearing is on 14 December')).toBeVisible();
    await expect(mine.getByText("the employer's HR manager")).toHaveCount(0);
    await page.screenshot({ path: testInfo.outputPath(`client-notes-${width}.png`) });
  });
}
