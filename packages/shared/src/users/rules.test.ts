import { describe, expect, it } from 'vitest';
import { newPasswordField } from '../auth/schemas';
import { generateTemporaryPassword } from './rules';

describe('generateTemporaryPassword', () => {
  it('meets the registration policy, is never the same twice, and has no look-alike characters', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 200; i += 1) {
      const password = generateTemporaryPassword();
      expect(password).toHaveLength(14);
      expect(newPasswordField.safeParse(password).success).toBe(true);
      expect(password).not.toMatch(/[0O1Il]/);
      seen.add(password);
    }
    expect(seen.size).toBe(200);
  });
});
