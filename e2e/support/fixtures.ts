import { test as base, expect, type Page } from '@playwright/test';
import { watchToasts } from './toasts';
import { ownerToken, signInForSetup, useSessionToken } from './user-management';

export { expect };

interface SignInFixtures {
  /**
   * Opens the portal on `page` already signed in with `token`, as the sign-in form leaves it: the
   * session is written into the page's localStorage before its first script runs
   * (apps/web/src/lib/auth-storage.ts reads it there). What a spec sets up is not the form: the
   * sign-in screens have their own specs, and each role signs in through them in its journey.
   */
  signIn: (page: Page, token: string) => Promise<void>;
  /** A new session of `account`, signed in through the API: another device, as far as it knows. */
  newSession: (account: { email: string; password: string }) => Promise<string>;
  /** A page of its own already signed in as the shared server's owner advocate. */
  ownerPage: Page;
}

interface WorkerSessions {
  /**
   * A session of the shared server's owner advocate (support/accounts.ts), signed in through the
   * API once per worker, from 127.0.0.1 (a worker-scoped context carries no test's address).
   */
  ownerSession: string;
}

/** How many tests this worker has given an address of their own (visitorAddress). */
let visitors = 0;

/**
 * A private address for the test about to run, unlike any other test's in this run: the worker's
 * index and the worker's count of tests.
 */
function visitorAddress(workerIndex: number): string {
  visitors += 1;
  return `10.${workerIndex % 250}.${Math.floor(visitors / 250) % 250}.${(visitors % 250) + 1}`;
}

export const test = base.extend<SignInFixtures, WorkerSessions>({
  // Each test is a visitor of its own, from an address of its own. The shared server trusts
  // X-Forwarded-For (TRUST_PROXY, as behind the firm's proxy), so its per-address limits count each
  // test as the one person it plays, as they count people in production. From 127.0.0.1 alone,
  // both workers' sign-ins fell under one limit (20 a minute) and a busy minute refused a sign-in.
  // Contexts a test opens itself (browser.newContext) inherit it; so does the `request` fixture.
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': visitorAddress(testInfo.workerIndex) });
  },
  // Every test's own pages carry the toast witness (support/toasts.ts).
  context: async ({ context }, use) => {
    await watchToasts(context);
    await use(context);
  },
  ownerSession: [
    async ({ playwright }, use, workerInfo) => {
      const api = await playwright.request.newContext({
        baseURL: workerInfo.project.use.baseURL,
      });
      // The same session ownerToken() gives the specs' helpers in this worker.
      const token = await ownerToken(api);
      await api.dispose();
      await use(token);
    },
    { scope: 'worker' },
  ],
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from its pattern
  signIn: async ({}, use) => {
    await use((page, token) => useSessionToken(page, token));
  },
  newSession: async ({ request }, use) => {
    await use(async ({ email, password }) => {
      const login = await signInForSetup(request, email, password);
      expect(login.status(), await login.text()).toBe(200);
      return ((await login.json()) as { token: string }).token;
    });
  },
  ownerPage: async ({ page, ownerSession }, use) => {
    await useSessionToken(page, ownerSession);
    await use(page);
  },
});
