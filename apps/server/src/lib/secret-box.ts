import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export const TWO_FACTOR_KEY_FILE = 'two-factor-key';

/**
 * Seals short secrets at rest (authenticator keys, ADR 037) with AES-256-GCM: `v1.<iv>.<tag>.<data>`
 * in base64url. A copy of the database without the key cannot open them, and a changed sealed
 * value fails to open rather than opening to something else.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The secret, or null when it was sealed with another key or altered. */
  open(sealed: string): string | null;
}

export function secretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error('A secret box key is 32 bytes');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [version, iv, tag, data] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || data === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(data, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}

/**
 * The two-factor key: TWO_FACTOR_KEY when set; otherwise generated on first start into
 * DATA_DIR/two-factor-key (mode 0600) and read from there afterwards, as the advocate
 * registration key is (lib/super-key.ts). The log says where the file is, never the key.
 */
export function loadTwoFactorKey(
  options: { configured: string | undefined; dataDir: string },
  logger: FastifyBaseLogger,
): Buffer {
  if (options.configured) return Buffer.from(options.configured, 'base64');
  const file = path.join(options.dataDir, TWO_FACTOR_KEY_FILE);
  try {
    const existing = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (existing.length === 32) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(32);
  // `wx`: two processes starting at once on one data directory do not both write a key.
  try {
    writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
      return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    }
    throw error;
  }
  chmodSync(file, 0o600);
  logger.warn({ file }, 'TWO_FACTOR_KEY is not set: generated one into the data directory');
  return key;
}
