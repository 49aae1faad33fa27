import { request, type APIRequestContext, type FullConfig } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { OWNER, advocatePayload, type Account } from './accounts';
import { TEMPLATE_DATA_DIR_VARIABLE, prepareTemplateDataDir } from './server-process';

/**
 * The firm's founding partner, who registers the shared server first. With no grace (the default,
 * ADR 037) their registration session opens nothing but the setup of a second factor, so they set
 * up an authenticator before anything else, as a firm's first advocate does.
 */
const FOUNDER: Account = {
  email: 'founder@mwamba.test',
  password: 'Founder-Passw0rd',
  firstName: 'Njoki',
  lastName: 'Wairimu-Gathoni',
};

async function call(
  api: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  data?: unknown,
): Promise<Record<string, unknown>> {
  const response = await api.fetch(path, {
    method,
    headers: { authorization: `Bearer ${token}` },
    ...(data === undefined ? {} : { data }),
  });
  if (!response.ok())
    throw new Error(`${method} ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as Record<string, unknown>;
}

/**
 * Before any spec: the founder registers and turns on an authenticator, gives staff the firm's
 * longest grace (7 days) before two-factor sign-in is required, and adds the owner advocate
 * (support/accounts.ts), who chooses their password as a colleague added by an advocate does.
 * The specs' advocates and admins then sign in with a password as a firm's staff do in their first
 * week; firm-on-defaults.spec.ts walks the default (no grace) on a server of its own.
 */
async function setUpSharedServer(config: FullConfig) {
  const baseURL = config.projects[0]!.use.baseURL!;
  const api = await request.newContext({ baseURL });
  try {
    const registered = await api.post('/api/auth/register', { data: advocatePayload(FOUNDER) });
    if (registered.status() !== 201) {
      throw new Error(`founder registration: ${registered.status()} ${await registered.text()}`);
    }
    const founder = (await registered.json()).token as string;
    const { secret } = (await call(api, founder, 'POST', '/api/auth/2fa/totp/setup')) as {
      secret: string;
    };
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate();
    await call(api, founder, 'POST', '/api/auth/2fa/totp/enable', { code });

    const { settings } = (await call(api, founder, 'GET', '/api/settings/firm')) as {
      settings: Record<string, unknown>;
    };
    await call(api, founder, 'PUT', '/api/settings/firm', {
      ...settings,
      staffTwoFactorGraceDays: 7,
    });

    const created = (await call(
      api,
      founder,
      'POST',
      '/api/user-management/create-advocate',
      advocatePayload(OWNER),
    )) as { temporaryPassword: string };
    const login = await api.post('/api/auth/login', {
      data: { email: OWNER.email, password: created.temporaryPassword },
    });
    if (!login.ok()) throw new Error(`owner sign-in: ${login.status()} ${await login.text()}`);
    await call(api, (await login.json()).token as string, 'POST', '/api/auth/change-password', {
      currentPassword: created.temporaryPassword,
      newPassword: OWNER.password,
    });
  } finally {
    await api.dispose();
  }
}

/**
 * The shared server's founder and owner, and meanwhile the data directory the specs' own servers
 * start from (copies of it, support/server-process.ts): one first start instead of one per spec.
 */
export default async function globalSetup(config: FullConfig) {
  await Promise.all([
    prepareTemplateDataDir(process.env[TEMPLATE_DATA_DIR_VARIABLE]!),
    setUpSharedServer(config),
  ]);
}
