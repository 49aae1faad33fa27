import {
  FIRM_SETTINGS_MESSAGES,
  SETTINGS_SETUP_ITEMS,
  SETTINGS_SETUP_KEYS,
  type SettingsSetupItem,
  defaultFirmSettings,
  firmSettingsSchema,
  type FirmSettings,
  type StoredFirmSettingsAnswer,
} from '@firm/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { writeAudit } from '../audit/audit-log.repository';
import { findFirmSettings, lockFirmSettings, saveFirmSettings } from './firm-settings.repository';
import type { RequestMeta } from '../../lib/route-kit';

export interface FirmSettingsDeps {
  db: Db;
  /** FIRM_NOTIFY_EMAIL: the notification address until an advocate sets another. */
  firmNotifyEmail: string;
  logger?: FastifyBaseLogger;
}

/**
 * The saved settings over the defaults, key by key: a saved value this release no longer accepts
 * (a schema change) gives way to its default instead of breaking bookings or mail.
 */
function merged(
  stored: Record<string, unknown> | undefined,
  defaults: FirmSettings,
  logger?: FastifyBaseLogger,
): FirmSettings {
  if (!stored) return defaults;
  const whole = firmSettingsSchema.safeParse({ ...defaults, ...stored });
  if (whole.success) return whole.data;
  const result: Record<string, unknown> = { ...defaults };
  for (const key of Object.keys(defaults) as (keyof FirmSettings)[]) {
    const attempt = firmSettingsSchema.safeParse({ ...result, [key]: stored[key] });
    if (attempt.success) result[key] = attempt.data[key];
    else logger?.warn({ key }, 'a saved firm setting is no longer valid: its default applies');
  }
  return result as FirmSettings;
}

/**
 * The settings with the M-Pesa number the pushes pay, when paying from the portal is set up
 * (`configuredMpesaNumber`): the paybill shown and the paybill used are one (ADR 034).
 */
export function withConfiguredMpesa(
  settings: FirmSettings,
  configured: { kind: FirmSettings['mpesaKind']; number: string } | null | undefined,
): FirmSettings {
  return configured
    ? { ...settings, mpesaKind: configured.kind, mpesaNumber: configured.number }
    : settings;
}

/** The firm settings in force: what an advocate saved, else the defaults. */
export async function readFirmSettings(
  deps: Pick<FirmSettingsDeps, 'firmNotifyEmail' | 'logger'> & { db: Executor },
): Promise<FirmSettings> {
  const row = await findFirmSettings(deps.db);
  return merged(row?.settings, defaultFirmSettings(deps.firmNotifyEmail), deps.logger);
}

/**
 * The days staff may sign in before setting up a second factor (ADR 037), for sign-in, which
 * needs this setting alone; a stored value no longer valid gives way to the default, as above.
 */
export async function readStaffTwoFactorGraceDays(db: Executor): Promise<number> {
  const row = await findFirmSettings(db);
  const stored = firmSettingsSchema.shape.staffTwoFactorGraceDays.safeParse(
    row?.settings.staffTwoFactorGraceDays,
  );
  return stored.success ? stored.data : defaultFirmSettings('').staffTwoFactorGraceDays;
}

/** GET /api/settings/firm */
export async function firmSettingsAnswer(
  deps: FirmSettingsDeps,
): Promise<StoredFirmSettingsAnswer> {
  const row = await findFirmSettings(deps.db);
  return {
    settings: merged(row?.settings, defaultFirmSettings(deps.firmNotifyEmail), deps.logger),
    updatedAt: row?.updatedAt.toISOString() ?? null,
    updatedBy: row?.updatedByName ?? null,
  };
}

/** The top-level settings that differ, with their old and new values (for the audit row). */
function changes(before: FirmSettings, after: FirmSettings) {
  const changed: Record<string, { from: unknown; to: unknown }> = {};
  for (const key of Object.keys(after) as (keyof FirmSettings)[]) {
    if (JSON.stringify(before[key]) !== JSON.stringify(after[key])) {
      changed[key] = { from: before[key], to: after[key] };
    }
  }
  return changed;
}

/**
 * The setup checklist's sections this save does (ADR 027): those whose settings it changed, and the
 * one the advocate reviewed from the checklist's link; added to those saved before.
 */
function sectionsSaved(
  before: readonly string[],
  changed: Record<string, unknown>,
  reviewed: SettingsSetupItem | undefined,
): string[] {
  const now = SETTINGS_SETUP_ITEMS.filter(
    (item) => item === reviewed || SETTINGS_SETUP_KEYS[item].some((key) => key in changed),
  );
  return [...new Set([...before, ...now])];
}

/**
 * PUT /api/settings/firm: replaces the whole settings object (the form sends all of it), audited
 * with what changed, in one transaction with the row locked.
 */
export async function updateFirmSettings(
  deps: FirmSettingsDeps,
  user: UserRow,
  input: FirmSettings,
  meta: RequestMeta,
  reviewed?: SettingsSetupItem,
): Promise<StoredFirmSettingsAnswer & { success: true; message: string }> {
  await deps.db.transaction(async (tx) => {
    const row = await lockFirmSettings(tx);
    const before = merged(row?.settings, defaultFirmSettings(deps.firmNotifyEmail), deps.logger);
    // The backup hour is moved under Backups (ADR 039): a save without it keeps it.
    const saved = { ...input, backupHour: input.backupHour ?? before.backupHour };
    const changed = changes(before, saved);
    await saveFirmSettings(
      tx,
      saved as unknown as Record<string, unknown>,
      user.id,
      sectionsSaved(row?.savedSections ?? [], changed, reviewed),
    );
    await writeAudit(tx, {
      actorId: user.id,
      action: 'firm_settings.updated',
      ip: meta.ip,
      details: { changed },
    });
  });
  return {
    success: true,
    message: FIRM_SETTINGS_MESSAGES.saved,
    ...(await firmSettingsAnswer(deps)),
  };
}
