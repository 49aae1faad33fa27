import path from 'node:path';
import { DEFAULT_MAX_UPLOAD_MB } from '@firm/shared';
import { z } from 'zod';
import { ETIMS_SANDBOX_URL, type EtimsSettings } from './lib/etims-oscu';
import { DARAJA_SANDBOX_URL, DARAJA_TRANSACTION_TYPES, type DarajaSettings } from './lib/daraja';
import { AFRICAS_TALKING_LIVE_URL, type AfricasTalkingSettings } from './lib/sms';

/**
 * The whole configuration, parsed once at start-up. A bad value stops the process with a message
 * naming the variable (see `formatConfigError`). Every variable is documented in `.env.example`.
 */
const emptyAsUndefined = (value: unknown) => (value === '' ? undefined : value);

const configSchema = z.object({
  PORT: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a whole number between 0 and 65535' })
      .int({ error: 'must be a whole number between 0 and 65535' })
      .min(0, { error: 'must be a whole number between 0 and 65535' })
      .max(65535, { error: 'must be a whole number between 0 and 65535' })
      .default(3000),
  ),
  HOST: z.preprocess(emptyAsUndefined, z.string().default('0.0.0.0')),
  DATA_DIR: z.preprocess(emptyAsUndefined, z.string().default('./data')),
  DATABASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({
        protocol: /^postgres(ql)?$/,
        error: 'must be a postgres:// or postgresql:// connection URL',
      })
      .optional(),
  ),
  PUBLIC_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  ),
  ADVOCATE_SUPER_KEY: z.preprocess(
    emptyAsUndefined,
    z.string().min(12, { error: 'must be at least 12 characters' }).optional(),
  ),
  TWO_FACTOR_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .refine((value) => Buffer.from(value, 'base64').length === 32, {
        error: 'must be 32 bytes in base64 (openssl rand -base64 32)',
      })
      .optional(),
  ),
  SMTP_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^smtps?$/, error: 'must be an smtp:// or smtps:// URL' }).optional(),
  ),
  MAIL_FROM: z.preprocess(
    emptyAsUndefined,
    z.string().default('Mwamba & Associates Advocates <no-reply@mwamba-advocates.co.ke>'),
  ),
  FIRM_NOTIFY_EMAIL: z.preprocess(
    emptyAsUndefined,
    z.email({ error: 'must be an email address' }).default('info@mwamba-advocates.co.ke'),
  ),
  LOG_LEVEL: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
        error: 'must be one of fatal, error, warn, info, debug, trace, silent',
      })
      .default('info'),
  ),
  LOG_FORMAT: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['auto', 'pretty', 'json'], { error: 'must be one of auto, pretty, json' })
      .default('auto'),
  ),
  TRUST_PROXY: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
  ),
  REDIS_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^rediss?$/, error: 'must be a redis:// or rediss:// URL' }).optional(),
  ),
  MAX_UPLOAD_MB: z.preprocess(
    emptyAsUndefined,
    z.coerce
      .number({ error: 'must be a whole number of megabytes from 1 to 1024' })
      .int({ error: 'must be a whole number of megabytes from 1 to 1024' })
      .min(1, { error: 'must be a whole number of megabytes from 1 to 1024' })
      .max(1024, { error: 'must be a whole number of megabytes from 1 to 1024' })
      .default(DEFAULT_MAX_UPLOAD_MB),
  ),
  DOCUMENTS_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  BACKUP_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  BACKUP_PASSPHRASE: z.preprocess(
    emptyAsUndefined,
    z.string().min(12, { error: 'must be at least 12 characters' }).optional(),
  ),
  WEB_DIST_DIR: z.preprocess(emptyAsUndefined, z.string().optional()),
  API_DOCS: z.preprocess(
    emptyAsUndefined,
    z
      .enum(['true', 'false'], { error: 'must be true or false' })
      .default('false')
      .transform((value) => value === 'true'),
  ),
  AT_USERNAME: z.preprocess(emptyAsUndefined, z.string().optional()),
  AT_API_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  AT_SENDER_ID: z.preprocess(
    emptyAsUndefined,
    z.string().max(11, { error: 'must be at most 11 characters' }).optional(),
  ),
  AT_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z
      .url({ protocol: /^https?$/, error: 'must be an http(s) URL' })
      .default(AFRICAS_TALKING_LIVE_URL),
  ),
  AT_CALLBACK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[\w-]{16,128}$/, { error: 'must be 16 to 128 letters, digits, - or _' })
      .optional(),
  ),
  MPESA_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default(DARAJA_SANDBOX_URL),
  ),
  MPESA_CONSUMER_KEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  MPESA_CONSUMER_SECRET: z.preprocess(emptyAsUndefined, z.string().optional()),
  MPESA_SHORTCODE: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{5,7}$/, { error: 'must be the paybill or till number: 5 to 7 digits' })
      .optional(),
  ),
  MPESA_PASSKEY: z.preprocess(emptyAsUndefined, z.string().optional()),
  MPESA_TRANSACTION_TYPE: z.preprocess(
    emptyAsUndefined,
    z
      .enum(DARAJA_TRANSACTION_TYPES, {
        error: 'must be CustomerPayBillOnline or CustomerBuyGoodsOnline',
      })
      .default('CustomerPayBillOnline'),
  ),
  MPESA_CALLBACK_SECRET: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[\w-]{16,128}$/, { error: 'must be 16 to 128 letters, digits, - or _' })
      .optional(),
  ),
  /**
   * Paybill payments (docs/decisions/047-paybill-payments.md): the API operator (initiator) that
   * asks Transaction Status, and its security credential as the Daraja portal gives it (already
   * encrypted with Safaricom's certificate). Unset: paybill payments wait for staff unconfirmed.
   */
  MPESA_INITIATOR_NAME: z.preprocess(emptyAsUndefined, z.string().max(100).optional()),
  MPESA_SECURITY_CREDENTIAL: z.preprocess(emptyAsUndefined, z.string().max(4000).optional()),
  /**
   * The Safaricom number on the paybill's KYC, which the Pull Transactions registration names
   * (docs/decisions/054-paybill-daily-sweep.md). Unset: the daily sweep does not register the
   * paybill itself (it may have been registered by hand) and still lists its transactions.
   */
  MPESA_PULL_NOMINATED_NUMBER: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^(?:0|254)7\d{8}$|^(?:0|254)1\d{8}$/, { error: 'must be a Safaricom number' })
      .optional(),
  ),
  /**
   * KRA eTIMS through its online sales control unit, OSCU (docs/decisions/049-kra-etims.md): KRA's
   * address (its sandbox by default), the firm's PIN (`tin`), the branch (`bhfId`) and the device
   * serial KRA issued (`dvcSrlNo`). Without the PIN and serial, fee notes are not sent to KRA.
   */
  ETIMS_BASE_URL: z.preprocess(
    emptyAsUndefined,
    z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).default(ETIMS_SANDBOX_URL),
  ),
  ETIMS_PIN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[A-Z]\d{9}[A-Z]$/, { error: 'must be a KRA PIN: a letter, 9 digits, a letter' })
      .optional(),
  ),
  ETIMS_BRANCH_ID: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^\d{2}$/, { error: 'must be the two-digit branch id KRA gave (00: head office)' })
      .default('00'),
  ),
  ETIMS_DEVICE_SERIAL: z.preprocess(emptyAsUndefined, z.string().max(100).optional()),
  METRICS_TOKEN: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[\w.~+/=-]{32,256}$/, {
        error: 'must be 32 to 256 characters of a bearer token (openssl rand -hex 32)',
      })
      .optional(),
  ),
  GOOGLE_MAPS_API_KEY: z.preprocess(
    emptyAsUndefined,
    z
      .string()
      .regex(/^[\w-]{20,100}$/, { error: 'must be a Google Maps browser API key' })
      .optional(),
  ),
});

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  advocateSuperKey: string | undefined;
  /** Seals authenticator keys (ADR 037); unset: generated into DATA_DIR/two-factor-key. */
  twoFactorKey: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  firmNotifyEmail: string;
  logLevel: z.infer<typeof configSchema>['LOG_LEVEL'];
  /** `auto`: readable lines on a terminal, JSON anywhere else (lib/log-output.ts). */
  logFormat: z.infer<typeof configSchema>['LOG_FORMAT'];
  trustProxy: boolean;
  /** Serve the OpenAPI description and Swagger UI at /api/docs (development only). */
  apiDocs: boolean;
  /**
   * Redis for the rate limits and sign-in counters, shared by every server process; unset: this
   * process's memory.
   */
  redisUrl: string | undefined;
  /** The largest document a case upload may be, in bytes (MAX_UPLOAD_MB). */
  maxUploadBytes: number;
  /** Where case documents are stored, named by id: DOCUMENTS_DIR, else DATA_DIR/documents. */
  documentsDir: string;
  /** The bearer token GET /metrics asks for; unset: metrics off, /metrics answers 404 (ADR 040). */
  metricsToken: string | undefined;
  /** Where backup archives are written (ADR 039): BACKUP_DIR, else DATA_DIR/backups. */
  backupDir: string;
  /**
   * Encrypts the backup archives (ADR 039); unset: no backup can be made, and the nightly one
   * tells the advocates so. Never logged, never sent to the browser.
   */
  backupPassphrase: string | undefined;
  /** Built web app; absent in API-only tests. */
  webDistDir: string | undefined;
  /**
   * Browser key for Google Maps (public by nature, restrict it by HTTP referrer). Unset: the maps
   * use OpenStreetMap. Delivered at run time by GET /api/public-config, never built into the app.
   */
  googleMapsApiKey: string | undefined;
  /** SMS through Africa's Talking (AT_USERNAME + AT_API_KEY); unset: text files under DATA_DIR/sms. */
  africasTalking: AfricasTalkingSettings | undefined;
  /**
   * The secret in the address Africa's Talking posts delivery reports to
   * (`/api/deliveries/sms-reports/<secret>`); unset: no reports are taken.
   */
  smsCallbackSecret: string | undefined;
  /**
   * M-Pesa STK push through Safaricom Daraja (all five MPESA_* credentials and the callback
   * secret); unset: Pay shows the paybill instructions from System Settings (ADR 034).
   */
  mpesa: DarajaSettings | undefined;
  /** KRA eTIMS (ETIMS_PIN and ETIMS_DEVICE_SERIAL both); unset: fee notes say "not sent to KRA". */
  etims: EtimsSettings | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; problem: string }[]) {
    super(
      `Invalid configuration:\n${problems.map((p) => `  ${p.variable} ${p.problem}`).join('\n')}`,
    );
    this.name = 'ConfigError';
  }
}

/** Values never echoed back in an error message: they may hold passwords. */
const SECRET_VARIABLES = new Set([
  'ADVOCATE_SUPER_KEY',
  'TWO_FACTOR_KEY',
  'SMTP_URL',
  'DATABASE_URL',
  'REDIS_URL',
  'AT_API_KEY',
  'AT_CALLBACK_SECRET',
  'MPESA_CONSUMER_KEY',
  'MPESA_CONSUMER_SECRET',
  'MPESA_PASSKEY',
  'MPESA_CALLBACK_SECRET',
  'MPESA_SECURITY_CREDENTIAL',
  'METRICS_TOKEN',
  'BACKUP_PASSPHRASE',
]);

/** Daraja needs every one of these; the shortcode's transaction type and address have defaults. */
const MPESA_REQUIRED = [
  'MPESA_CONSUMER_KEY',
  'MPESA_CONSUMER_SECRET',
  'MPESA_SHORTCODE',
  'MPESA_PASSKEY',
  'MPESA_CALLBACK_SECRET',
] as const;

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const variable = String(issue.path[0]);
        const shown = SECRET_VARIABLES.has(variable) ? '' : ` (got "${String(env[variable])}")`;
        return { variable, problem: `${issue.message}${shown}` };
      }),
    );
  }
  const v = parsed.data;
  if (Boolean(v.ETIMS_PIN) !== Boolean(v.ETIMS_DEVICE_SERIAL)) {
    throw new ConfigError([
      {
        variable: v.ETIMS_PIN ? 'ETIMS_DEVICE_SERIAL' : 'ETIMS_PIN',
        problem: 'must be set with ETIMS_PIN and ETIMS_DEVICE_SERIAL both, or neither',
      },
    ]);
  }
  if (Boolean(v.AT_USERNAME) !== Boolean(v.AT_API_KEY)) {
    const missing = v.AT_USERNAME ? 'AT_API_KEY' : 'AT_USERNAME';
    throw new ConfigError([
      {
        variable: missing,
        problem: 'must be set with AT_USERNAME and AT_API_KEY both, or neither',
      },
    ]);
  }
  // Some but not all: a half-configured M-Pesa would fail only when a client presses Pay.
  const mpesaMissing = MPESA_REQUIRED.filter((name) => !v[name]);
  if (mpesaMissing.length > 0 && mpesaMissing.length < MPESA_REQUIRED.length) {
    throw new ConfigError(
      mpesaMissing.map((variable) => ({
        variable,
        problem: `must be set with ${MPESA_REQUIRED.join(', ')} all, or none`,
      })),
    );
  }
  const dataDir = path.resolve(v.DATA_DIR);
  return {
    port: v.PORT,
    host: v.HOST,
    dataDir,
    databaseUrl: v.DATABASE_URL,
    publicUrl: (v.PUBLIC_URL ?? `http://localhost:${v.PORT}`).replace(/\/+$/, ''),
    advocateSuperKey: v.ADVOCATE_SUPER_KEY,
    twoFactorKey: v.TWO_FACTOR_KEY,
    smtpUrl: v.SMTP_URL,
    mailFrom: v.MAIL_FROM,
    firmNotifyEmail: v.FIRM_NOTIFY_EMAIL,
    logLevel: v.LOG_LEVEL,
    logFormat: v.LOG_FORMAT,
    trustProxy: v.TRUST_PROXY,
    apiDocs: v.API_DOCS,
    redisUrl: v.REDIS_URL,
    maxUploadBytes: v.MAX_UPLOAD_MB * 1024 * 1024,
    documentsDir: v.DOCUMENTS_DIR ? path.resolve(v.DOCUMENTS_DIR) : path.join(dataDir, 'documents'),
    metricsToken: v.METRICS_TOKEN,
    backupDir: v.BACKUP_DIR ? path.resolve(v.BACKUP_DIR) : path.join(dataDir, 'backups'),
    backupPassphrase: v.BACKUP_PASSPHRASE,
    webDistDir: v.WEB_DIST_DIR ? path.resolve(v.WEB_DIST_DIR) : undefined,
    googleMapsApiKey: v.GOOGLE_MAPS_API_KEY,
    africasTalking:
      v.AT_USERNAME && v.AT_API_KEY
        ? {
            username: v.AT_USERNAME,
            apiKey: v.AT_API_KEY,
            senderId: v.AT_SENDER_ID,
            baseUrl: v.AT_BASE_URL.replace(/\/+$/, ''),
          }
        : undefined,
    smsCallbackSecret: v.AT_CALLBACK_SECRET,
    mpesa:
      v.MPESA_CONSUMER_KEY &&
      v.MPESA_CONSUMER_SECRET &&
      v.MPESA_SHORTCODE &&
      v.MPESA_PASSKEY &&
      v.MPESA_CALLBACK_SECRET
        ? {
            baseUrl: v.MPESA_BASE_URL.replace(/\/+$/, ''),
            consumerKey: v.MPESA_CONSUMER_KEY,
            consumerSecret: v.MPESA_CONSUMER_SECRET,
            shortcode: v.MPESA_SHORTCODE,
            passkey: v.MPESA_PASSKEY,
            transactionType: v.MPESA_TRANSACTION_TYPE,
            callbackSecret: v.MPESA_CALLBACK_SECRET,
            ...(v.MPESA_INITIATOR_NAME && v.MPESA_SECURITY_CREDENTIAL
              ? {
                  initiator: {
                    name: v.MPESA_INITIATOR_NAME,
                    securityCredential: v.MPESA_SECURITY_CREDENTIAL,
                  },
                }
              : {}),
            ...(v.MPESA_PULL_NOMINATED_NUMBER
              ? { pullNominatedNumber: v.MPESA_PULL_NOMINATED_NUMBER }
              : {}),
          }
        : undefined,
    etims:
      v.ETIMS_PIN && v.ETIMS_DEVICE_SERIAL
        ? {
            baseUrl: v.ETIMS_BASE_URL.replace(/\/+$/, ''),
            pin: v.ETIMS_PIN,
            branchId: v.ETIMS_BRANCH_ID,
            deviceSerial: v.ETIMS_DEVICE_SERIAL,
          }
        : undefined,
  };
}
