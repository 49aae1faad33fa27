import { expect, test } from '../support/fixtures';
import { journeyStep } from '../support/journey';
import { expectToast, newContext } from '../support/toasts';
import {
  callApi,
  createReadyUser,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';

/**
 * The header's timer on a phone (docs/product-rules.md#time-and-expenses, ADR 050): an advocate
 * starts the timer on the case they are on, reloads (the timer is kept on the server, so it still
 * runs), and from the header, on another page, stops it and files the time under an activity.
 * An advocate of their own: a person has one timer, and other specs time as the owner.
 */
test('an advocate runs the header timer across a reload and files it, 360 px wide', async ({
  ownerSession,
  browser,
  request,
}, testInfo) => {
  test.slow(); // an advocate and a client of its own, a reload and two dialogs: past 30 s when busy
  const owner = ownerSession;
  const suffix = uniqueSuffix();
  const advocate = await createReadyUser(
    request,
    owner,
    suffix,
    'advocate',
    {},
    {
      firstName: 'Achieng',
      lastName: `Otieno-Mwangi ${suffix}`,
    },
  );
  const client = await createReadyUser(request, owner, `${suffix}c`, 'client');
  const title = `Wanjiku v Kenya Power, wayleave over plot 44 ${suffix}`;
  const opened = await callApi<{ case: { id: string; caseNumber: string } }>(
    request,
    advocate.token,
    'POST',
    '/cases',
    {
      title,
      description: 'Kenya Power ran a line over the plot without a wayleave agreement.',
      category: 'property',
      priority: 'medium',
      clientId: client.id,
    },
  );
  const { id: caseId, caseNumber } = opened.case;

  const context = await newContext(browser, { viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await useSessionToken(page, advocate.token);
  await page.goto(`/cases/${caseId}`);
  const dialog = page.getByRole('dialog', { name: title });
  await dialog.getByRole('heading', { name: 'Time', exact: true }).scrollIntoViewIfNeeded();
  const start = dialog.getByRole('button', { name: 'Start timer' });
  await journeyStep(page, testInfo, 1, 'case-time-360', start);
  await start.click();
  await expectToast(page, 'Timer started');

  // A reload finds the timer where it was: it is kept on the server. The case's dialog is closed
  // and the header shows the timer on the list of cases.
  await page.reload();
  await dialog.getByRole('heading', { name: 'Time', exact: true }).scrollIntoViewIfNeeded();
  await expect(dialog.getByText(/Timer running: /)).toBeVisible();
  await dialog.getByRole('button', { name: 'Close dialog' }).click();
  await expect(page).toHaveURL(/\/cases$/);
  const header = page.getByRole('banner');
  const timerButton = header.getByRole('button', {
    name: new RegExp(`^Timer running on ${caseNumber.replace(/\//g, '\\/')}: 0:0`),
  });
  await journeyStep(page, testInfo, 2, 'header-timer-running-360', timerButton);
  await timerButton.click();
  const panel = header.getByRole('region', { name: 'Your timer' });
  await expect(panel.getByText(`On ${caseNumber}`)).toBeVisible();
  const stop = panel.getByRole('button', { name: 'Stop and file' });
  await journeyStep(page, testInfo, 3, 'header-timer-panel-360', stop);
  await stop.click();

  const form = page.getByRole('dialog', { name: 'File the time' });
  await form.getByLabel('Activity', { exact: false }).selectOption('perusal');
  await form.getByLabel('What was done').fill('Perusal of the wayleave map from Kenya Power');
  const file = form.getByRole('button', { name: 'File time' });
  await journeyStep(page, testInfo, 4, 'file-timer-360', file);
  await file.click();
  await expectToast(page, /Timer stopped: 6 minutes filed/);
  await expect(header.getByRole('button', { name: /^Timer running/ })).toHaveCount(0);

  // The entry is on the case, under the activity and words chosen.
  const entries = await callApi<{
    entries: { minutes: number; activity: string; narrative: string }[];
  }>(request, advocate.token, 'GET', `/time-entries?caseId=${caseId}`);
  expect(entries.entries).toEqual([
    expect.objectContaining({
      minutes: 6,
      activity: 'perusal',
      narrative: 'Perusal of the wayleave map from Kenya Power',
    }),
  ]);
  await page.goto(`/cases/${caseId}`);
  await dialog.getByRole('heading', { name: 'Time', exact: true }).scrollIntoViewIfNeeded();
  const filed = dialog.getByText('6 min · perusal', { exact: false });
  await expect(filed).toBeVisible();
  await journeyStep(
    page,
    testInfo,
    5,
    'timer-filed-on-case-360',
    dialog.getByRole('button', { name: 'Start timer' }),
  );
  await context.close();
});
