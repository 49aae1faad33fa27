import { request, type FullConfig } from '@playwright/test';
import { OWNER, advocatePayload } from './accounts';

/**
 * Before any spec: the shared server's owner advocate registers, and gives staff the firm's
 * longest grace (7 days) before two-factor sign-in is required (ADR 037). The specs' advocates and
 * admins then sign in with a password as a firm's staff do in their first week;
 * two-factor.spec.ts walks the default (no grace) on a server of its own.
 */
export default async function globalSetup(config: FullConfig) {
  const baseURL = config.projects[0]!.use.baseURL!;
  const api = await request.newContext({ baseURL });
  try {
    const registered = await api.post('/api/auth/register', { data: advocatePayload(OWNER) });
    if (registered.status() !== 201) {
      throw new Error(`owner registration: ${registered.status()} ${await registered.text()}`);
    }
    const headers = { authorization: `Bearer ${(await registered.json()).token as string}` };
    const current = await api.get('/api/settings/firm', { headers });
    const { settings } = (await current.json()) as { settings: Record<string, unknown> };
    const saved = await api.put('/api/settings/firm', {
      headers,
      data: { ...settings, staffTwoFactorGraceDays: 7 },
    });
    if (!saved.ok()) throw new Error(`grace setting: ${saved.status()} ${await saved.text()}`);
  } finally {
    await api.dispose();
  }
}
