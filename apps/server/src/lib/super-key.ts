import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';

export const SUPER_KEY_FILE = 'advocate-super-key';

/**
 * The master key for advocate registration (docs/roles-and-permissions.md): ADVOCATE_SUPER_KEY
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

/**
 * The key as the running server holds it: where it comes from, and, for a generated
 * key, its replacement from System Settings.
 *
 * - `environment`: ADVOCATE_SUPER_KEY; cannot be replaced here (the deployment owns it).
 * - `file`: DATA_DIR/advocate-super-key. `current()` re-reads the file when its modification time
 *   changes, so every process sharing the data directory sees a rotation at its next registration;
 *   `rotate()` writes a new key to a temporary file (mode 0600) and renames it over the old one, so
 *   a reader never sees half a key.
 */
export interface SuperKeyStore {
  readonly source: 'environment' | 'file';
  /** The generated key's file (source `file`), else null. */
  readonly file: string | null;
  current(): string;
  /** Replaces a generated key and returns the new one; throws for `environment`. */
  rotate(): string;
}

export function createSuperKeyStore(
  options: { configured: string | undefined; dataDir: string },
  logger: FastifyBaseLogger,
): SuperKeyStore {
  const initial = loadSuperKey(options, logger);
  if (options.configured) {
    return {
      source: 'environment',
      file: null,
      current: () => initial,
      rotate: () => {
        throw new Error('ADVOCATE_SUPER_KEY is set: the key cannot be replaced at run time');
      },
    };
  }
  const file = path.join(options.dataDir, SUPER_KEY_FILE);
  let key = initial;
  // A rotation renames a new file into place: a new inode, whatever the clock's resolution.
  const versionOf = (stat: { ino: number; mtimeMs: number }) => `${stat.ino}:${stat.mtimeMs}`;
  let version = versionOf(statSync(file));
  return {
    source: 'file',
    file,
    current() {
      try {
        const stat = statSync(file);
        if (versionOf(stat) !== version) {
          const fresh = readFileSync(file, 'utf8').trim();
          if (fresh.length >= 12) {
            key = fresh;
            version = versionOf(stat);
          }
        }
      } catch (error) {
        // The file went away: keep the key in memory rather than open registration to none.
        logger.error({ err: error, file }, 'the advocate registration key file cannot be read');
      }
      return key;
    },
    rotate() {
      const next = randomBytes(24).toString('base64url');
      const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      writeFileSync(temporary, `${next}\n`, { mode: 0o600 });
      chmodSync(temporary, 0o600);
      renameSync(temporary, file);
      key = next;
      version = versionOf(statSync(file));
      logger.warn({ file }, 'the advocate registration key was replaced');
      return next;
    },
  };
}
