import { createCipheriv, createDecipheriv, randomBytes, scrypt } from 'node:crypto';
import { Stanza, type Identity, type Recipient } from 'age-encryption';

/**
 * age's passphrase stanza (age-encryption.org/v1, "scrypt"), the same bytes as age-encryption's
 * own `setPassphrase`/`addPassphrase` (write.test.ts decrypts with the library's own), but with
 * the key derived by Node's scrypt on the thread pool: the library's scrypt is synchronous and
 * held the server's event loop for about 3 seconds at the standard work factor (ADR 039).
 */
const LABEL = 'age-encryption.org/v1/scrypt';
/** age's default and recommended work factor: 2^18 (256 MiB, about a second of one core). */
export const SCRYPT_LOG_N = 18;
/** age-encryption refuses more when decrypting; so do we. */
const MAX_LOG_N = 20;
const NONCE = Buffer.alloc(12);

const deriveKey = (passphrase: string, salt: Buffer, logN: number) =>
  new Promise<Buffer>((resolve, reject) => {
    const options = { N: 2 ** logN, r: 8, p: 1, maxmem: 2 ** logN * 8 * 128 + 16 * 1024 * 1024 };
    scrypt(passphrase, Buffer.concat([Buffer.from(LABEL), salt]), 32, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });

/** The variable that lowers the work factor archives are written with, in the API tests only. */
export const TEST_WORK_FACTOR_VARIABLE = 'BACKUP_TEST_SCRYPT_LOG_N';

/**
 * The work factor an archive is written with: SCRYPT_LOG_N, or under NODE_ENV=test a lower one
 * from BACKUP_TEST_SCRYPT_LOG_N (apps/server/vitest.config.ts sets it): the backup tests derive
 * dozens of keys, and 2^18 takes one to eight seconds of a core on the shared CI machines (ADR 052).
 * Never higher than the standard, never in a server's environment; reading an archive follows
 * its own stanza either way. write.test.ts proves that archives are written at 2^18.
 */
export function writeWorkFactor(env: NodeJS.ProcessEnv = process.env): number {
  const lowered = Number(env[TEST_WORK_FACTOR_VARIABLE]);
  const usable = Number.isInteger(lowered) && lowered >= 10 && lowered < SCRYPT_LOG_N;
  return env.NODE_ENV === 'test' && usable ? lowered : SCRYPT_LOG_N;
}

export function passphraseRecipient(passphrase: string, logN = writeWorkFactor()): Recipient {
  return {
    async wrapFileKey(fileKey) {
      const salt = randomBytes(16);
      const key = await deriveKey(passphrase, salt, logN);
      const cipher = createCipheriv('chacha20-poly1305', key, NONCE, { authTagLength: 16 });
      const body = Buffer.concat([cipher.update(fileKey), cipher.final(), cipher.getAuthTag()]);
      return [
        new Stanza(['scrypt', salt.toString('base64').replace(/=+$/, ''), String(logN)], body),
      ];
    },
  };
}

export function passphraseIdentity(passphrase: string): Identity {
  return {
    async unwrapFileKey(stanzas) {
      const stanza = stanzas.find((candidate) => candidate.args[0] === 'scrypt');
      if (!stanza) return null;
      const [, saltText, logNText] = stanza.args;
      const salt = Buffer.from(saltText ?? '', 'base64');
      const logN = Number(logNText);
      if (stanzas.length !== 1 || salt.length !== 16 || !/^[1-9][0-9]*$/.test(logNText ?? '')) {
        throw new Error('invalid scrypt stanza');
      }
      if (logN > MAX_LOG_N) throw new Error('scrypt work factor is too high');
      if (stanza.body.length !== 32) throw new Error('invalid stanza');
      const key = await deriveKey(passphrase, salt, logN);
      const decipher = createDecipheriv('chacha20-poly1305', key, NONCE, { authTagLength: 16 });
      decipher.setAuthTag(Buffer.from(stanza.body.subarray(16)));
      try {
        return new Uint8Array(
          Buffer.concat([decipher.update(stanza.body.subarray(0, 16)), decipher.final()]),
        );
      } catch {
        return null;
      }
    },
  };
}
