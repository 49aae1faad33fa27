import {
  SMS_DEFAULTS,
  SMS_KINDS,
  isClientAccount,
  toGsm7,
  toKenyanE164,
  type SmsKind,
  type SmsPreferences,
  type UpdateSmsPreferencesInput,
} from '@firm/shared';
import type { Db, Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { queueDelivery, type DeliveryKind } from '../deliveries/deliveries.repository';
import { saveSmsPreferences, smsPreferenceRows } from './sms-preferences.repository';

/**
 * Text messages to clients (ADR 033): written to the outbox in the transaction of their event,
 * like emails (ADR 028), to the Kenyan mobile number of the client's profile, when the client has
 * not switched that kind of text off (or, for a kind off by default, switched it on).
 */

export async function smsPreferencesOf(db: Executor, userId: string): Promise<SmsPreferences> {
  const preferences = { ...SMS_DEFAULTS };
  for (const row of await smsPreferenceRows(db, userId)) {
    if ((SMS_KINDS as readonly string[]).includes(row.kind)) preferences[row.kind] = row.enabled;
  }
  return preferences;
}

/** Where a person's texts go: their profile's number when it is a Kenyan mobile one. */
export const smsNumberOf = (user: Pick<UserRow, 'phone'>): string | null =>
  user.phone ? toKenyanE164(user.phone) : null;

/**
 * Queues `text` to `user` in `tx` when they are an active client with a Kenyan mobile number who
 * wants texts of `kind`; returns the delivery's id (dispatch it after the commit), or null.
 */
export async function queueClientSms(
  tx: Executor,
  user: UserRow,
  kind: SmsKind,
  deliveryKind: DeliveryKind,
  text: string,
): Promise<string | null> {
  if (!user.isActive || !isClientAccount(user)) return null;
  const to = smsNumberOf(user);
  if (!to || !(await smsPreferencesOf(tx, user.id))[kind]) return null;
  return queueDelivery(tx, { channel: 'sms', kind: deliveryKind, to, text: toGsm7(text) });
}

export async function smsChoices(db: Db, user: UserRow) {
  return { preferences: await smsPreferencesOf(db, user.id), phone: smsNumberOf(user) };
}

/**
 * "Download my data": the choices, the number, and when each choice was made (a text switched on
 * is the client's consent to it, ADR 033).
 */
export async function smsChoicesForExport(db: Executor, user: UserRow) {
  return {
    phone: smsNumberOf(user),
    preferences: await smsPreferencesOf(db, user.id),
    choices: (await smsPreferenceRows(db, user.id)).map((row) => ({
      kind: row.kind,
      enabled: row.enabled,
      chosenAt: row.updatedAt.toISOString(),
    })),
  };
}

export async function updateSmsChoices(db: Db, user: UserRow, input: UpdateSmsPreferencesInput) {
  const changes = SMS_KINDS.flatMap((kind) =>
    input[kind] === undefined ? [] : [{ kind, enabled: input[kind] }],
  );
  await saveSmsPreferences(db, user.id, changes, new Date());
  return smsChoices(db, user);
}
