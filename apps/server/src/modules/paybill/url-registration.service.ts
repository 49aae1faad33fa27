import {
  PAYBILL_REGISTER_TEXTS as T,
  type PaybillUrlsRegistered,
  type RegisterPaybillUrlsValues,
} from '@firm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { paybillUrlRegistrations, type UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { DarajaRefused, type DarajaClient } from '../../lib/daraja';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import {
  addressesDigest,
  maskSecret,
  paybillConnection,
  type PaybillConnectionConfig,
} from './paybill-connection';
import { registerAddresses } from './register-url';

export interface UrlRegistrationDeps extends PaybillConnectionConfig {
  db: Db;
  /** Daraja, when M-Pesa is set up on the server. */
  daraja: DarajaClient | null;
  logger?: FastifyBaseLogger;
}

/**
 * POST /api/settings/mpesa/c2b/register (ADR 048): the paybill's confirmation and validation
 * addresses, checked first (https, no word Safaricom forbids), registered with Daraja's C2B
 * Register URL, then recorded and audited in one transaction. Nothing is recorded unless Daraja
 * accepted them; the callback secret is in no answer, row or log line (masked).
 */
export async function registerPaybillUrls(
  deps: UrlRegistrationDeps,
  user: UserRow,
  input: RegisterPaybillUrlsValues,
  meta: RequestMeta,
): Promise<PaybillUrlsRegistered> {
  const { mpesa, daraja } = deps;
  if (!mpesa || !daraja || !mpesa.shortcode || !mpesa.callbackSecret) {
    throw AppError.conflict(T.notSetUp);
  }
  const built = registerAddresses(deps.publicUrl, mpesa.callbackSecret);
  if (!built.ok) throw AppError.conflict(built.message);
  const { addresses } = built;

  let answer: { responseDescription: string };
  try {
    answer = await daraja.registerC2bUrls({ responseType: input.responseType, ...addresses });
  } catch (error) {
    // Only the kind and Daraja's code: its words might quote an address, which holds the secret.
    const refused = error instanceof DarajaRefused;
    deps.logger?.warn(
      { kind: refused ? 'refused' : 'unavailable', code: refused ? error.code : null },
      'C2B Register URL failed: nothing registered',
    );
    throw new AppError(
      502,
      refused ? T.darajaRefused(error.code) : T.darajaUnavailable,
      'DARAJA_FAILED',
    );
  }

  const masked = {
    confirmationUrl: maskSecret(addresses.confirmationUrl, mpesa.callbackSecret),
    validationUrl: maskSecret(addresses.validationUrl, mpesa.callbackSecret),
  };
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(paybillUrlRegistrations)
      .values({
        shortcode: mpesa.shortcode,
        responseType: input.responseType,
        ...masked,
        addressesDigest: addressesDigest(mpesa.shortcode, addresses),
        darajaAnswer: answer.responseDescription.slice(0, 200),
        registeredById: user.id,
      })
      .returning({ id: paybillUrlRegistrations.id });
    await writeAudit(tx, {
      actorId: user.id,
      action: 'paybill.addresses_registered',
      ip: meta.ip,
      details: {
        registrationId: row!.id,
        shortcode: mpesa.shortcode,
        responseType: input.responseType,
        ...masked,
        darajaAnswer: answer.responseDescription.slice(0, 200),
      },
    });
  });
  return {
    success: true,
    message: T.registered,
    darajaAnswer: answer.responseDescription,
    connection: await paybillConnection(deps.db, deps),
  };
}
