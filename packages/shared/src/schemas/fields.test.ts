import { describe, expect, it } from 'vitest';
import { VALIDATION } from '../messages';
import { requiredText, uuidField } from './fields';

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

describe('plain text fields', () => {
  it('single-line text refuses control characters and line breaks', () => {
    const name = requiredText('Name is required', 50);
    expect(name.parse('  Amina  ')).toBe('Amina');
    for (const bad of ['A\u0000b', 'A\u001bb', 'A\rb', 'A\nb', 'A\tb', 'A\u2028b']) {
      expect(name.safeParse(bad).error?.issues[0]?.message, JSON.stringify(bad)).toBe(
        VALIDATION.singleLine,
      );
    }
  });

  it('multi-line text keeps new lines and tabs, and refuses other control characters', () => {
    const message = requiredText('Message is required', 500, { multiline: true });
    expect(message.parse('one\n\ttwo')).toBe('one\n\ttwo');
    for (const bad of ['A\u0000b', 'A\u001bb', 'A\r\nb', 'A\u007fb']) {
      expect(message.safeParse(bad).error?.issues[0]?.message, JSON.stringify(bad)).toBe(
        VALIDATION.controlCharacters,
      );
    }
  });
});
