import { expect, test } from '../support/fixtures';
import { ensureOwner, signInThroughUi } from '../support/accounts';

test.describe('sign-in guards and redirects', () => {
  test('a visitor is sent to sign in and brought back to the page they wanted', async ({
    page,
    request,
  }) => {
    const owner = await ensureOwner(request);
    await page.goto('/cases?status=pending');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Sign In' })).toBeVisible();
    await expect(page.getByText('Admin and client accounts are created by')).toBeVisible();

    await signInThroughUi(page, owner);
    await expect(page).toHaveURL(/\/cases\?status=pending$/);

    // Signed in: the sign-in pages lead to the dashboard.
    for (const path of ['/login', '/register', '/advocate-register']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
    }
    await expect(
      page.getByRole('heading', { level: 1, name: `Welcome, ${owner.firstName}` }),
    ).toBeVisible();

    // The header shows the advocate's navigation on public pages too, after a clean hydration.
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    await page.goto('/about');
    const nav = page.getByRole('banner').getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    // The advocate's Admin Management and System Settings sit in the Administration group.
    await nav.getByRole('button', { name: 'Administration' }).click();
    await expect(nav.getByRole('link', { name: 'System Settings' })).toBeVisible();
    await expect(page.getByRole('button', { name: /Account menu for/ })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a revoked session is dropped and the visitor is asked to sign in again', async ({
    page,
    request,
    signIn,
    newSession,
  }) => {
    // A session of its own: the worker's owner session goes on serving other tests.
    const token = await newSession(await ensureOwner(request));
    await signIn(page, token);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/dashboard$/);

    // Sign the session out behind the page's back (as a password reset elsewhere would).
    const logout = await request.post('/api/auth/logout', {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(logout.status()).toBe(200);

    await page.reload();
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('the sign-in pages work on a 360-pixel phone without sideways scrolling', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/login', '/register', '/forgot-password', '/reset-password?token=x']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, path).toBe(0);
    }
  });
});
