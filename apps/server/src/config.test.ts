import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function problemsOf(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('runs with no configuration at all: port 3000, embedded database in ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      logLevel: 'info',
    });
  });

  it('names the variable and the value when a value is wrong', () => {
    const error = problemsOf({ PORT: 'abc', LOG_LEVEL: 'loud' });
    expect(error.message).toContain('PORT must be a whole number between 0 and 65535 (got "abc")');
    expect(error.message).toContain('LOG_LEVEL must be one of');
    expect(error.problems.map((p) => p.variable).sort()).toEqual(['LOG_LEVEL', 'PORT']);
  });

  it('never echoes a secret back, even when it is wrong', () => {
    const error = problemsOf({ ADVOCATE_SUPER_KEY: 'short', SMTP_URL: 'http://user:hunter2@x' });
    expect(error.message).toContain('ADVOCATE_SUPER_KEY must be at least 12 characters');
    expect(error.message).toContain('SMTP_URL must be an smtp:// or smtps:// URL');
    expect(error.message).not.toContain('short"');
    expect(error.message).not.toContain('hunter2');
  });

  it('accepts only redis:// or rediss:// for REDIS_URL, naming it without echoing it', () => {
    const error = problemsOf({ REDIS_URL: 'http://:hunter2@cache:6379' });
    expect(error.message).toContain('REDIS_URL must be a redis:// or rediss:// URL');
    expect(error.message).not.toContain('hunter2');
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }).redisUrl).toBe(
      'redis://127.0.0.1:6379',
    );
    expect(loadConfig({}).redisUrl).toBeUndefined();
  });

  it('takes a METRICS_TOKEN of 32 characters or more (metrics off without one), never echoing it', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    const token = 'a'.repeat(31) + 'Z';
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    const error = problemsOf({ METRICS_TOKEN: 'hunter2-too-short' });
    expect(error.message).toContain('METRICS_TOKEN must be 32 to 256 characters');
    expect(error.message).not.toContain('hunter2');
  });

  it('sizes uploads in megabytes (25 by default) and keeps documents under DATA_DIR unless moved', () => {
    const defaults = loadConfig({ DATA_DIR: '/srv/firm' });
    expect(defaults.maxUploadBytes).toBe(25 * 1024 * 1024);
    expect(defaults.documentsDir).toBe(path.resolve('/srv/firm/documents'));
    const moved = loadConfig({ MAX_UPLOAD_MB: '5', DOCUMENTS_DIR: '/mnt/shared/docs' });
    expect(moved.maxUploadBytes).toBe(5 * 1024 * 1024);
    expect(moved.documentsDir).toBe(path.resolve('/mnt/shared/docs'));
    expect(problemsOf({ MAX_UPLOAD_MB: '0' }).message).toContain(
      'MAX_UPLOAD_MB must be a whole number of megabytes from 1 to 1024 (got "0")',
    );
  });

  it('accepts only PostgreSQL connection URLs for DATABASE_URL', () => {
    expect(problemsOf({ DATABASE_URL: 'mysql://localhost/db' }).message).toContain(
      'DATABASE_URL must be a postgres:// or postgresql:// connection URL',
    );
    expect(loadConfig({ DATABASE_URL: 'postgres://u@127.0.0.1:5432/db' }).databaseUrl).toBe(
      'postgres://u@127.0.0.1:5432/db',
    );
  });

  describe('M-Pesa (Daraja)', () => {
    const mpesa = {
      MPESA_CONSUMER_KEY: 'consumer-key-from-daraja',
      MPESA_CONSUMER_SECRET: 'consumer-secret-hunter2',
      MPESA_SHORTCODE: '174379',
      MPESA_PASSKEY: 'passkey-hunter2',
      MPESA_CALLBACK_SECRET: 'a-long-callback-secret_01',
    };

    it('is off with no MPESA_* set, and off when they are all empty', () => {
      expect(loadConfig({}).mpesa).toBeUndefined();
      const empty = Object.fromEntries(Object.keys(mpesa).map((name) => [name, '']));
      expect(loadConfig({ ...empty, MPESA_BASE_URL: '', MPESA_TRANSACTION_TYPE: '' }).mpesa).toBe(
        undefined,
      );
    });

    it('is on with all five set: the sandbox and paybill by default', () => {
      expect(loadConfig(mpesa).mpesa).toEqual({
        baseUrl: 'https://sandbox.safaricom.co.ke',
        consumerKey: 'consumer-key-from-daraja',
        consumerSecret: 'consumer-secret-hunter2',
        shortcode: '174379',
        passkey: 'passkey-hunter2',
        transactionType: 'CustomerPayBillOnline',
        callbackSecret: 'a-long-callback-secret_01',
      });
      const live = loadConfig({
        ...mpesa,
        MPESA_BASE_URL: 'https://api.safaricom.co.ke/',
        MPESA_TRANSACTION_TYPE: 'CustomerBuyGoodsOnline',
      }).mpesa;
      expect(live?.baseUrl).toBe('https://api.safaricom.co.ke');
      expect(live?.transactionType).toBe('CustomerBuyGoodsOnline');
    });

    it('refuses to start with some but not all set, naming each one missing', () => {
      const error = problemsOf({
        MPESA_CONSUMER_KEY: mpesa.MPESA_CONSUMER_KEY,
        MPESA_SHORTCODE: mpesa.MPESA_SHORTCODE,
        MPESA_PASSKEY: '',
      });
      expect(error.problems.map((p) => p.variable).sort()).toEqual([
        'MPESA_CALLBACK_SECRET',
        'MPESA_CONSUMER_SECRET',
        'MPESA_PASSKEY',
      ]);
      expect(error.message).toContain(
        'MPESA_PASSKEY must be set with MPESA_CONSUMER_KEY, MPESA_CONSUMER_SECRET, MPESA_SHORTCODE, MPESA_PASSKEY, MPESA_CALLBACK_SECRET all, or none',
      );
      const { MPESA_CALLBACK_SECRET: _secret, ...withoutSecret } = mpesa;
      expect(problemsOf(withoutSecret).problems.map((p) => p.variable)).toEqual([
        'MPESA_CALLBACK_SECRET',
      ]);
    });

    it('checks the shortcode, the transaction type, the address and the callback secret', () => {
      const error = problemsOf({
        ...mpesa,
        MPESA_SHORTCODE: '1234',
        MPESA_TRANSACTION_TYPE: 'CustomerPayBill',
        MPESA_BASE_URL: 'ftp://sandbox.safaricom.co.ke',
        MPESA_CALLBACK_SECRET: 'short/hunter2',
      });
      expect(error.message).toContain(
        'MPESA_SHORTCODE must be the paybill or till number: 5 to 7 digits (got "1234")',
      );
      expect(error.message).toContain(
        'MPESA_TRANSACTION_TYPE must be CustomerPayBillOnline or CustomerBuyGoodsOnline',
      );
      expect(error.message).toContain('MPESA_BASE_URL must be an http(s) URL');
      expect(error.message).toContain(
        'MPESA_CALLBACK_SECRET must be 16 to 128 letters, digits, - or _',
      );
      expect(problemsOf({ ...mpesa, MPESA_SHORTCODE: '12345678' }).message).toContain(
        'MPESA_SHORTCODE must be',
      );
      expect(loadConfig({ ...mpesa, MPESA_SHORTCODE: '12345' }).mpesa?.shortcode).toBe('12345');
    });

    it('never echoes a wrong callback secret (the other secrets are never checked, so never shown)', () => {
      const error = problemsOf({ ...mpesa, MPESA_CALLBACK_SECRET: 'bad secret hunter2' });
      expect(error.message).toContain('MPESA_CALLBACK_SECRET must be 16 to 128');
      expect(error.message).not.toContain('hunter2');
    });
  });

  describe('KRA eTIMS', () => {
    it('is off without a PIN and device serial: fee notes are not sent to KRA', () => {
      expect(loadConfig({}).etims).toBeUndefined();
      expect(loadConfig({ ETIMS_PIN: '', ETIMS_DEVICE_SERIAL: '' }).etims).toBeUndefined();
    });

    it("is on with both: KRA's sandbox and the head office branch by default", () => {
      const config = loadConfig({ ETIMS_PIN: 'P051234567X', ETIMS_DEVICE_SERIAL: 'OSCU-01' });
      expect(config.etims).toEqual({
        baseUrl: 'https://etims-api-sbx.kra.go.ke/etims-api',
        pin: 'P051234567X',
        branchId: '00',
        deviceSerial: 'OSCU-01',
      });
    });

    it("refuses to start with one of the two, or a PIN or branch that is not KRA's shape", () => {
      expect(problemsOf({ ETIMS_PIN: 'P051234567X' }).message).toContain(
        'ETIMS_DEVICE_SERIAL must be set with ETIMS_PIN and ETIMS_DEVICE_SERIAL both, or neither',
      );
      const wrong = problemsOf({ ETIMS_PIN: '12345', ETIMS_BRANCH_ID: 'head' });
      expect(wrong.message).toContain('ETIMS_PIN must be a KRA PIN');
      expect(wrong.message).toContain('ETIMS_BRANCH_ID must be the two-digit branch id');
    });
  });

  it('treats an empty variable as unset and trims the slash off PUBLIC_URL', () => {
    const config = loadConfig({ PORT: '', PUBLIC_URL: 'https://mwamba-advocates.co.ke/' });
    expect(config.port).toBe(3000);
    expect(config.publicUrl).toBe('https://mwamba-advocates.co.ke');
  });
});
