import { expect, test } from '../support/fixtures';
import { type Browser } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { signInThroughUi } from '../support/accounts';
import { journeyStep } from '../support/journey';
import { createReadyUser, uniqueSuffix, useSessionToken } from '../support/user-management';

/** The authenticator's code for `secret`, `offsetSteps` 30-second periods from now. */
const codeFor = (secret: string, offsetSteps = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
    timestamp: Date.now() + offsetSteps * 30_000,
  });

async function phone(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 360, height: 780 } });
  return { context, page: await context.newPage() };
}

test('an advocate turns on two-factor sign-in on a phone, then signs in with a code and with a recovery code', async ({
  ownerSession,
  browser,
  request,
}, testInfo) => {
  // Three browsers, two sign-ins and a Profile page each way: longer than one screen's test.
  test.setTimeout(120_000);
  const advocate = await createReadyUser(
    request,
    ownerSession,
    uniqueSuffix(),
    'advocate',
    {},
    {
      firstName: 'Wanjiku-Nyambura',
      lastName: 'Odhiambo-Kamau',
      phone: '+254722123456',
    },
  );

  // Profile → Two-factor sign-in: the QR code and the key, then a code from the "app".
  const first = await phone(browser);
  let page = first.page;
  await useSessionToken(page, advocate.token);
  await page.goto('/profile#two-factor');
  const section = page.getByRole('region', { name: 'Two-factor sign-in' });
  const setUp = section.getByRole('button', { name: 'Set up two-factor sign-in' });
  // The shared server gives staff a week (support/global-setup.ts): every page says by when.
  const notice = page.getByText(
    /^Set up two-factor sign-in by \w{3} \d{1,2} \w{3} \d{4}, \d{2}:\d{2}\./,
  );
  await expect(notice).toBeVisible();
  await setUp.scrollIntoViewIfNeeded();
  await journeyStep(page, testInfo, 1, 'profile-off', setUp);
  await setUp.click();
  await expect(section.getByRole('img', { name: /QR code/ })).toBeVisible();
  const secret = (await section.locator('code').innerText()).replace(/\s+/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  // The key in fours, each group whole on one line at 360 px (it broke mid-group), with a copy
  // button and a link that opens the authenticator app with the server's otpauth:// address.
  const groups = section.locator('code > span');
  await expect(groups).toHaveCount(8);
  const heights = await groups.evaluateAll((spans) =>
    spans.map((span) => Math.round(span.getBoundingClientRect().height)),
  );
  expect(new Set(heights).size, `one line each: ${heights.join(', ')}`).toBe(1);
  // A visible space between groups on one line: they ran together as one string.
  const gaps = await groups.evaluateAll((spans) =>
    spans.slice(1).flatMap((span, index) => {
      const before = spans[index]!.getBoundingClientRect();
      const after = span.getBoundingClientRect();
      return Math.abs(after.top - before.top) < 1 ? [Math.round(after.left - before.right)] : [];
    }),
  );
  expect(gaps.length, 'groups side by side').toBeGreaterThan(0);
  for (const gap of gaps) expect(gap, `the gaps: ${gaps.join(', ')}`).toBeGreaterThanOrEqual(4);
  await expect(section.getByRole('button', { name: 'Copy the key' })).toBeVisible();
  await expect(section.getByRole('link', { name: 'Open in authenticator app' })).toHaveAttribute(
    'href',
    /^otpauth:\/\/totp\/.+secret=[A-Z2-7]{32}/,
  );
  const codeField = section.getByLabel('Authentication code');
  await codeField.fill('000000');
  await section.getByRole('button', { name: 'Turn on' }).click();
  await expect(codeField).toHaveAccessibleDescription(/That code is not right/);
  await codeField.fill(codeFor(secret));
  await journeyStep(
    page,
    testInfo,
    2,
    'setup-code',
    section.getByRole('button', { name: 'Turn on' }),
  );
  await section.getByRole('button', { name: 'Turn on' }).click();

  // The ten recovery codes, shown once.
  const codes = page.getByRole('region', { name: 'Your recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const recoveryCodes = await codes.getByRole('listitem').allInnerTexts();
  const saved = codes.getByRole('button', { name: 'I have saved them' });
  await journeyStep(page, testInfo, 3, 'recovery-codes', saved);
  await saved.click();
  await expect(section.getByText('On. 10 of your recovery codes are left.')).toBeVisible();
  // Set up: the notice goes, and staff are not offered to turn it off.
  await expect(notice).toHaveCount(0);
  await expect(section.getByRole('button', { name: 'Turn off' })).toHaveCount(0);
  await first.context.close();

  // Signing in: the password, then the next period's code (this one was just used).
  const second = await phone(browser);
  page = second.page;
  await page.goto('/login');
  await signInThroughUi(page, advocate);
  const step = page.getByLabel('Authentication code');
  await expect(step).toBeFocused();
  await journeyStep(page, testInfo, 4, 'second-step', page.getByRole('button', { name: 'Verify' }));
  await step.fill(codeFor(secret, 1));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await second.context.close();

  // A lost phone: a recovery code, once; on a laptop this time.
  const laptop = await browser.newContext({ viewport: { width: 1366, height: 800 } });
  page = await laptop.newPage();
  await page.goto('/login');
  await signInThroughUi(page, advocate);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  await page.getByLabel('Recovery code').fill(recoveryCodes[0]!.toUpperCase());
  await journeyStep(
    page,
    testInfo,
    5,
    'recovery-step',
    page.getByRole('button', { name: 'Verify' }),
  );
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/profile#two-factor');
  await expect(
    page
      .getByRole('region', { name: 'Two-factor sign-in' })
      .getByText('On. 9 of your recovery codes are left.'),
  ).toBeVisible();
  await laptop.close();
});
