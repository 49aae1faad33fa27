import { expect, type APIRequestContext, type APIResponse, type Page } from '@playwright/test';
import { advocatePayload, ensureOwner } from './accounts';

let ownerSession: Promise<string> | undefined;

/**
 * Signs in through the API for a spec's setup, as a well-behaved client of the per-address sign-in
 * limit does: on 429 it waits the Retry-After the server gave, at most three times. Every spec on
 * the shared server signs in from 127.0.0.1, so a fast run meets the limit (20 a minute) in its
 * setup; the limit itself is tested by the API tests, and a spec's own sign-ins through the screens
 * are not retried.
 */
export async function signInForSetup(
  request: APIRequestContext,
  email: string,
  password: string,
): Promise<APIResponse> {
  for (let waits = 0; ; waits += 1) {
    const login = await request.post('/api/auth/login', { data: { email, password } });
    if (login.status() !== 429 || waits === 3) return login;
    const seconds = Number(login.headers()['retry-after'] ?? '5');
    await new Promise((resolve) => setTimeout(resolve, Math.min(Math.max(seconds, 1), 60) * 1000));
  }
}

/**
 * A session token of the shared server's owner advocate (support/accounts.ts), registered by
 * whichever spec comes first. One sign-in per worker: the per-IP sign-in limit is shared by every
 * spec.
 */
export function ownerToken(request: APIRequestContext): Promise<string> {
  ownerSession ??= (async () => {
    const owner = await ensureOwner(request);
    const login = await signInForSetup(request, owner.email, owner.password);
    expect(login.status(), await login.text()).toBe(200);
    return (await login.json()).token as string;
  })();
  return ownerSession;
}

/** A call to the API as the holder of `token`; fails the test on an unexpected status. */
export async function callApi<T>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  data?: unknown,
  expectedStatus = method === 'POST' ? 201 : 200,
): Promise<T> {
  const response = await request.fetch(`/api${path}`, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), await response.text()).toBe(expectedStatus);
  return (await response.json()) as T;
}

/** Makes the page start signed in with `token` (the app keeps it under localStorage `token`). */
export async function useSessionToken(page: Page, token: string): Promise<void> {
  await page.addInitScript((value) => window.localStorage.setItem('token', value), token);
}

/** A short suffix that keeps each test's people apart on the shared server. */
export function uniqueSuffix(): string {
  return `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
}

/** The password a ready account chooses in place of its temporary one. */
export const READY_PASSWORD = 'Ready-Passw0rd-1';

/** The six admin toggles, docs/roles-and-permissions.md (the specs do not import the app's code). */
const ADMIN_TOGGLES = [
  'canOpenFiles',
  'canUploadFiles',
  'canAdmitClients',
  'canManageCases',
  'canScheduleAppointments',
  'canAccessReports',
] as const;

/**
 * An account created by the owner (an admin with the `toggles` given and no others, a verified
 * advocate or a client) that has already chosen its own password: its id, email and a session
 * token. Signs in once through the API (the per-IP sign-in limit is shared by every spec).
 */
export async function createReadyUser(
  request: APIRequestContext,
  owner: string,
  suffix: string,
  kind: 'admin' | 'advocate' | 'client' = 'admin',
  /** An admin's toggles that are on (the others off). */
  toggles: Partial<Record<(typeof ADMIN_TOGGLES)[number], boolean>> = {},
  /** A realistic person in place of "Ready <kind> <suffix>" (long names, a Kenyan phone). */
  details: { firstName?: string; lastName?: string; email?: string; phone?: string } = {},
): Promise<{ id: string; email: string; token: string; password: string }> {
  const email = details.email ?? `ready.${kind}.${suffix}@mwamba-e2e.test`;
  const person = {
    firstName: details.firstName ?? 'Ready',
    lastName: details.lastName ?? `${kind} ${suffix}`,
    email,
    ...(details.phone ? { phone: details.phone } : {}),
  };
  const payload =
    kind === 'advocate'
      ? advocatePayload({ ...person, password: 'unused' })
      : kind === 'admin'
        ? {
            ...person,
            permissions: Object.fromEntries(ADMIN_TOGGLES.map((key) => [key, !!toggles[key]])),
          }
        : person;
  const created = await callApi<{ user: { id: string }; temporaryPassword: string }>(
    request,
    owner,
    'POST',
    `/user-management/create-${kind}`,
    payload,
  );
  const login = await signInForSetup(request, email, created.temporaryPassword);
  expect(login.status(), await login.text()).toBe(200);
  const token = (await login.json()).token as string;
  await callApi(
    request,
    token,
    'POST',
    '/auth/change-password',
    { currentPassword: created.temporaryPassword, newPassword: READY_PASSWORD },
    200,
  );
  return { id: created.user.id, email, token, password: READY_PASSWORD };
}
