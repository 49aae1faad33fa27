import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id and verifies only the right password', async () => {
    const hash = await hashPassword('Corr3ct-horse');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(hash, 'Corr3ct-horse')).toBe(true);
    expect(await verifyPassword(hash, 'corr3ct-horse')).toBe(false);
    expect(await verifyPassword(null, 'Corr3ct-horse')).toBe(false);
    expect(await verifyPassword('not a hash', 'Corr3ct-horse')).toBe(false);
  });
});
