import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export const SUPER_KEY_FILE = 'advocate-super-key';

/**
 * The master key for advocate registration (DECISIONS "Accounts and security"): ADVOCATE_SUPER_KEY
 * when set; otherwise a key generated on first start into DATA_DIR/advocate-super-key (mode 0600)
 * and read from there afterwards. The log says where the file is, never the key.
 */
export function loadSuperKey(
  options: { configured: string | undefined; dataDir: string },
  logger: FastifyBaseLogger,
): string {
  if (options.configured) return options.configured;
  const file = path.join(options.dataDir, SUPER_KEY_FILE);
  try {
    const existing = readFileSync(file, 'utf8').trim();
    if (existing.length >= 12) {
      logger.info(
        { file },
        'ADVOCATE_SUPER_KEY is not set: using the key stored in the data directory',
      );
      return existing;
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(options.dataDir, { recursive: true });
  const key = randomBytes(24).toString('base64url');
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  logger.warn(
    { file },
    'ADVOCATE_SUPER_KEY is not set: generated an advocate registration key; read it from this file',
  );
  return key;
}
