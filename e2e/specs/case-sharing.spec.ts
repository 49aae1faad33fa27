import { expect, test } from '../support/fixtures';
import {
  callApi,
  createReadyUser,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';
import { fitsWidth, overflowingElements } from '../support/page-checks';
import { PDF } from '../support/files';
import { expectToast } from '../support/toasts';

/**
 * ADR 014: a document uploaded as internal is shared with the client afterwards from the
 * case detail, and made internal again after a confirmation; the client's download follows.
 */
for (const width of [1366, 360]) {
  test(`staff share a document after its upload, then make it internal (${width} px)`, async ({
    ownerSession,
    page,
    request,
  }, testInfo) => {
    const owner = ownerSession;
    const suffix = uniqueSuffix();
    const client = await createReadyUser(request, owner, suffix, 'client');
    const created = await callApi<{ case: { id: string } }>(request, owner, 'POST', '/cases', {
      title: `Lease renewal ${suffix}`,
      description: 'The landlord refuses to renew the lease.',
      category: 'property',
      priority: 'medium',
      clientId: client.id,
    });
    const caseId = created.case.id;

    await page.setViewportSize({ width, height: width > 1000 ? 900 : 780 });
    await useSessionToken(page, owner);
    await page.goto(`/cases/${caseId}`);
    const detail = page.getByRole('dialog', { name: `Lease renewal ${suffix}` });
    await expect(detail).toBeVisible();

    // The share choice comes before the file picker, and is off: this upload stays internal.
    const share = detail.getByLabel('Share the files I upload next with the client');
    await expect(share).not.toBeChecked();
    await detail.locator('input[type=file]').setInputFiles({
      name: 'Valuation report.pdf',
      mimeType: 'application/pdf',
      buffer: PDF,
    });
    const shareButton = detail.getByRole('button', {
      name: 'Share with client: Valuation report.pdf',
    });
    await expect(shareButton).toBeVisible();
    const documents = await callApi<{ case: { documents: { id: string }[] } }>(
      request,
      owner,
      'GET',
      `/cases/${caseId}`,
    );
    const docId = documents.case.documents[0]!.id;
    const clientDownload = () =>
      request.get(`/api/cases/${caseId}/documents/${docId}`, {
        headers: { authorization: `Bearer ${client.token}` },
      });
    expect((await clientDownload()).status()).toBe(404);

    // Share it: the client can now download it.
    await shareButton.click();
    await expectToast(page, 'Document shared with the client');
    const makeInternal = detail.getByRole('button', {
      name: 'Make internal: Valuation report.pdf',
    });
    await expect(makeInternal).toBeVisible();
    await expect(detail.getByText('Shared with client').first()).toBeVisible();
    expect((await clientDownload()).status()).toBe(200);
    expect(await fitsWidth(page)).toBe(true);
    expect(await overflowingElements(page)).toEqual([]);
    await makeInternal.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`shared-${width}.png`) });

    // Make it internal again, after the confirmation: the client's download answers 404.
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toContain('Valuation report.pdf');
      void dialog.accept();
    });
    await makeInternal.click();
    await expectToast(page, /Document made internal/);
    await expect(shareButton).toBeVisible();
    expect((await clientDownload()).status()).toBe(404);
  });
}
