import { describe, expect, it } from 'vitest';
import { uuidField } from './fields';

describe('uuidField', () => {
  it('answers the canonical lower-case form, so one row has one id', () => {
    const id = 'A143FB3F-E32A-4311-88FB-996E22229EF7';
    expect(uuidField('Invalid id').parse(id)).toBe(id.toLowerCase());
  });

  it('refuses what is not a UUID', () => {
    expect(uuidField('Invalid id').safeParse('not-a-uuid').error?.issues[0]?.message).toBe(
      'Invalid id',
    );
  });
});
