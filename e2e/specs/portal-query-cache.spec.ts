import { expect, test } from '../support/fixtures';
import { signInThroughUi } from '../support/accounts';
import {
  callApi,
  createReadyUser,
  uniqueSuffix,
  useSessionToken,
} from '../support/user-management';

test.describe('the portal’s cached lists', () => {
  test('are not shown to the next person who signs in on the same browser', async ({
    ownerSession,
    page,
    request,
  }) => {
    const owner = ownerSession;
    const first = await createReadyUser(request, owner, uniqueSuffix(), 'advocate');
    const second = await createReadyUser(request, owner, uniqueSuffix(), 'advocate');

    // The first advocate opens the users' list: it is now in the browser's query cache.
    await useSessionToken(page, first.token);
    await page.goto('/admin-management');
    await page.getByRole('tab', { name: 'Advanced User Management' }).click();
    const users = page.getByRole('table', { name: 'Users' });
    await expect(users.getByRole('row').nth(1)).toBeVisible();

    // Their session ends on the server. The server closes its notifications stream, and the
    // stream's retry is refused: the app drops the session by itself, without leaving the portal
    // (so nothing is reloaded and the cache is still in memory).
    await callApi(request, first.token, 'POST', '/auth/logout', undefined, 200);
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();

    // The second advocate signs in on the same page. Their first list request is held, so
    // whatever shows meanwhile can only come from the cache.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/user-management/users?**', async (route) => {
      await held;
      await route.continue();
    });
    await signInThroughUi(page, { email: second.email, password: second.password });
    // Back where the first advocate was (the tab is in the URL), at the list they had loaded:
    // from the cache it would show at once.
    await expect(page).toHaveURL(/\/admin-management\?tab=users$/);
    await expect(page.getByText('Loading users…')).toBeVisible();
    await expect(users).toHaveCount(0);

    release();
    await expect(users.getByRole('row').nth(1)).toBeVisible();
  });
});
