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
 * The Time section of a case on a phone (docs/product-rules.md#time-and-expenses): time added by
 * hand is rounded up to 6-minute units and valued at the advocate's rate; the timer is started,
 * survives a reload (it is kept on the server) and is stopped, filing its time.
 */
test('an advocate records time and runs the timer on a case, 360 px wide', async ({
  ownerSession,
  browser,
  request,
}, testInfo) => {
  const owner = ownerSession;
  const suffix = uniqueSuffix();
  const client = await createReadyUser(request, owner, suffix, 'client');
  const title = `Kamau v Nairobi City County, plot LR 209/1234 ${suffix}`;
  const opened = await callApi<{ case: { id: string; caseNumber: string } }>(
    request,
    owner,
    'POST',
    '/cases',
    {
      title,
      description: 'The county demolished the perimeter wall without notice.',
      category: 'property',
      priority: 'high',
      clientId: client.id,
    },
  );
  const caseId = opened.case.id;
  const me = await callApi<{ id: string }>(request, owner, 'GET', '/auth/me');
  await callApi(request, owner, 'PUT', `/time-rates/${me.id}`, { hourlyRateKsh: 15_000 });

  const context = await newContext(browser, { viewport: { width: 360, height: 780 } });
  const page = await context.newPage();
  await useSessionToken(page, owner);
  await page.goto(`/cases/${caseId}`);
  const dialog = page.getByRole('dialog', { name: title });
  const section = dialog.getByRole('heading', { name: 'Time', exact: true });
  await section.scrollIntoViewIfNeeded();
  await expect(dialog.getByText('No time recorded on this case yet.')).toBeVisible();
  const add = dialog.getByRole('button', { name: 'Add time' });
  await journeyStep(page, testInfo, 1, 'time-empty-360', add);

  await add.click();
  const form = page.getByRole('dialog', { name: 'Add time' });
  await form.getByLabel('Minutes', { exact: false }).fill('40');
  await form.getByLabel('Activity', { exact: false }).selectOption('drafting');
  await form.getByLabel('What was done', { exact: false }).fill('Drafting the plaint');
  await journeyStep(
    page,
    testInfo,
    2,
    'add-time-360',
    form.getByRole('button', { name: 'Save time' }),
  );
  await form.getByRole('button', { name: 'Save time' }).click();
  await expectToast(page, 'Time recorded');
  const list = dialog.getByRole('list', { name: 'Time recorded on this case' });
  // 40 minutes are 42 (seven 6-minute units); 42 minutes at KSh 15,000 an hour is KSh 10,500.
  await expect(list.getByText('42 min · drafting', { exact: false })).toBeVisible();
  await expect(list.getByText('KSh 10,500')).toBeVisible();

  await dialog.getByRole('button', { name: 'Start timer' }).click();
  await expectToast(page, 'Timer started');
  await expect(dialog.getByText(/Timer running: 0:00:/)).toBeVisible();
  await journeyStep(
    page,
    testInfo,
    3,
    'timer-running-360',
    dialog.getByRole('button', { name: 'Stop and file' }),
  );

  // A reload finds the timer where it was: it is kept on the server.
  await page.reload();
  await dialog.getByRole('heading', { name: 'Time', exact: true }).scrollIntoViewIfNeeded();
  await expect(dialog.getByText(/Timer running: /)).toBeVisible();
  await dialog.getByRole('button', { name: 'Stop and file' }).click();
  await expectToast(page, /Timer stopped: 6 minutes filed/);
  await expect(list.getByText('6 min · attendance', { exact: false })).toBeVisible();
  await journeyStep(
    page,
    testInfo,
    4,
    'timer-filed-360',
    dialog.getByRole('button', { name: 'Start timer' }),
  );
  await context.close();
});
