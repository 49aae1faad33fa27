import { expect, test } from '../support/fixtures';
import { PDF } from '../support/files';
import { journeyStep } from '../support/journey';
import {
  callApi,
  createReadyUser,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';

/**
 * A case with a long title and a long file name on a phone: the sheet's header held about 290 of
 * 780 px over everything scrolled to, and the document's name wrapped over ten lines in the 130 px
 * its buttons left it. Now the header shrinks once the sheet is scrolled, and a document's name
 * has the row's width with its buttons under it.
 */
const LONG_FILE =
  'Draft_petition_-_matrimonial_property_division_and_custody_of_the_children_2026-final-v3.pdf';

for (const viewport of [
  { width: 360, height: 780 },
  { width: 1366, height: 800 },
]) {
  test(`a long case and a long document name read on a screen ${viewport.width} px wide`, async ({
    ownerSession,
    browser,
    request,
  }, testInfo) => {
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const client = await createReadyUser(request, owner, suffix, 'client');
    const title = `In the matter of the estate of the late Mzee Johana Kiprotich arap Chelimo and the application for letters of administration by the widow and the eldest son ${suffix}`;
    const opened = await callApi<{ case: { id: string } }>(request, owner, 'POST', '/cases', {
      title,
      description: 'The grant is contested by a cousin; the family land in Eldoret is at stake.',
      category: 'family',
      priority: 'high',
      clientId: client.id,
      court: 'High Court at Eldoret, Family Division',
    });
    const caseId = opened.case.id;
    const upload = await request.post(`/api/cases/${caseId}/documents`, {
      headers: { authorization: `Bearer ${owner}` },
      multipart: { file: { name: LONG_FILE, mimeType: 'application/pdf', buffer: PDF } },
    });
    expect(upload.status(), await upload.text()).toBe(201);

    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    await useSessionToken(page, owner);
    await page.goto(`/cases/${caseId}`);
    const dialog = page.getByRole('dialog', { name: title });
    await expect(dialog.getByRole('heading', { name: 'Documents (1)' })).toBeVisible();
    const header = dialog.locator('[data-modal-header]');
    const headerHeight = async () => Math.round((await header.boundingBox())!.height);
    const atRest = await headerHeight();
    await journeyStep(page, testInfo, 1, `case-at-rest-${viewport.width}`);

    // Scrolled to the documents: the header gives the room back.
    const name = dialog.locator('[data-document-name]');
    const download = dialog.getByRole('button', { name: `Download ${LONG_FILE}` });
    await download.scrollIntoViewIfNeeded();
    await expect
      .poll(headerHeight, { message: `the header once scrolled (${atRest} px at rest)` })
      .toBeLessThanOrEqual(120);
    await download.scrollIntoViewIfNeeded();
    const nameBox = (await name.boundingBox())!;
    expect(nameBox.width, 'the document name has the row’s width').toBeGreaterThanOrEqual(250);
    // It breaks at its separators, in a few lines, not one letter column.
    expect(nameBox.height, 'the document name in a few lines').toBeLessThanOrEqual(5 * 20);
    // The dialog is still named by its whole title, clamped only to the eye.
    await expect(dialog).toHaveAccessibleName(title);
    await journeyStep(page, testInfo, 2, `case-documents-${viewport.width}`, download);
    await expect(dialog.getByRole('button', { name: `Delete ${LONG_FILE}` })).toBeInViewport();

    // Back at the top, the whole title and the case number show again.
    await dialog.getByRole('heading', { name: 'Description' }).scrollIntoViewIfNeeded();
    await dialog.locator('[data-modal-header] + div').evaluate((body) => body.scrollTo(0, 0));
    await expect.poll(headerHeight).toBe(atRest);
    await context.close();
  });
}
