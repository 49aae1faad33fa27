import { newPasswordField } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { generateTemporaryPassword, hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('Corr3ct-horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Corr3ct-horse')).toBe(true);
    expect(await verifyPassword(hash, 'corr3ct-horse')).toBe(false);
    expect(await verifyPassword(null, 'Corr3ct-horse')).toBe(false);
    expect(await verifyPassword('not a hash', 'Corr3ct-horse')).toBe(false);
  });

  it('generates temporary passwords that meet the registration policy, never the same twice', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const password = generateTemporaryPassword();
      expect(password).toHaveLength(14);
      expect(newPasswordField.safeParse(password).success).toBe(true);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });
});
