import { describe, expect, it } from 'vitest';
import { ADVISORY_LOCKS } from './advisory-locks';

describe('advisory locks', () => {
  it('give each thing that must happen one at a time its own id', () => {
    const ids = Object.values(ADVISORY_LOCKS);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
