import { createHash } from 'node:crypto';
import type { PaybillConnection } from '@firm/shared';
import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { paybillUrlRegistrations, users } from '../../db/schema';
import { registerAddresses, type RegisterAddresses } from './register-url';

/**
 * Whether the paybill's addresses are registered with Safaricom (ADR 048): the newest registration
 * Daraja accepted. System Settings' firm settings answer carries it (named in eslint.config.js),
 * so this file reads only the table and the addresses, never the rest of the paybill module.
 */

/** What the server knows of M-Pesa: absent when Daraja is not set up. */
export interface PaybillConnectionConfig {
  publicUrl: string;
  mpesa: { shortcode: string; callbackSecret: string } | undefined;
}

/** The secret, wherever it stands in an address, as a person may read it (never stored). */
export const SECRET_MASK = '[secret]';

export function maskSecret(address: string, secret: string): string {
  return address.split(encodeURIComponent(secret)).join(SECRET_MASK);
}

/** A digest of the real pair: it tells whether PUBLIC_URL or the secret changed since. */
export function addressesDigest(shortcode: string, addresses: RegisterAddresses): string {
  return createHash('sha256')
    .update(`${shortcode}\n${addresses.confirmationUrl}\n${addresses.validationUrl}`)
    .digest('hex');
}

export async function paybillConnection(
  db: Executor,
  config: PaybillConnectionConfig,
): Promise<PaybillConnection> {
  const [row] = await db
    .select({
      row: paybillUrlRegistrations,
      registeredBy: sql<string | null>`${users.firstName} || ' ' || ${users.lastName}`,
    })
    .from(paybillUrlRegistrations)
    .leftJoin(users, eq(users.id, paybillUrlRegistrations.registeredById))
    .orderBy(desc(paybillUrlRegistrations.registeredAt), desc(paybillUrlRegistrations.id))
    .limit(1);
  if (!row) return { mpesaSetUp: Boolean(config.mpesa), registration: null };
  const now = config.mpesa
    ? registerAddresses(config.publicUrl, config.mpesa.callbackSecret)
    : ({ ok: false } as const);
  const current =
    now.ok &&
    config.mpesa !== undefined &&
    addressesDigest(config.mpesa.shortcode, now.addresses) === row.row.addressesDigest;
  return {
    mpesaSetUp: Boolean(config.mpesa),
    registration: {
      registeredAt: row.row.registeredAt.toISOString(),
      registeredBy: row.registeredBy,
      responseType: row.row.responseType,
      confirmationUrl: row.row.confirmationUrl,
      validationUrl: row.row.validationUrl,
      current,
    },
  };
}
