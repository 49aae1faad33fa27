import { describe, expect, it } from 'vitest';
import { VALIDATION } from './texts';
import { optionalPhoneField, phoneField, requiredText, textProblem, uuidField } from './fields';

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

describe('the one text rule (textProblem)', () => {
  it('refuses a lone UTF-16 surrogate, high or low, in any kind of text', () => {
    for (const kind of ['line', 'multiline', 'subject'] as const) {
      for (const bad of ['A\ud800b', 'A\udc00b', 'end\udbff', '\udfffstart']) {
        expect(textProblem(bad, kind), `${kind} ${JSON.stringify(bad)}`).toBe(
          VALIDATION.unreadableCharacters,
        );
      }
    }
  });

  it('keeps characters outside the Basic Multilingual Plane (a surrogate pair)', () => {
    expect(textProblem('Asante 🙏 sana', 'line')).toBeUndefined();
    expect(textProblem('𝐀mina', 'subject')).toBeUndefined();
  });

  it('refuses every bidirectional control, in any kind of text', () => {
    const controls = ['\u061c', '\u200e', '\u200f', '\u202a', '\u202b', '\u202c', '\u202d'];
    controls.push('\u202e', '\u2066', '\u2067', '\u2068', '\u2069');
    for (const kind of ['line', 'multiline', 'subject'] as const) {
      for (const control of controls) {
        expect(textProblem(`invoice${control}fdp.exe`, kind), `${kind} ${control}`).toBe(
          VALIDATION.directionControls,
        );
      }
    }
    // The same answer twice in a row (the expression is global: its place must not carry over).
    expect(textProblem('a\u202eb')).toBe(VALIDATION.directionControls);
    expect(textProblem('a\u202eb')).toBe(VALIDATION.directionControls);
  });

  it('keeps right-to-left letters themselves', () => {
    expect(textProblem('مريم Achieng', 'line')).toBeUndefined();
  });

  it('subjects refuse MIME encoded words; other text keeps them', () => {
    const encoded = 'Hello =?utf-8?q?x=0ABcc=3A_evil=40example.test?=';
    expect(textProblem(encoded, 'subject')).toBe(VALIDATION.encodedWords);
    expect(textProblem('=?UTF-8?B?QmNjOiB4?=', 'subject')).toBe(VALIDATION.encodedWords);
    expect(textProblem(encoded, 'line')).toBeUndefined();
    expect(textProblem('Is 2 + 2 =? 4', 'subject')).toBeUndefined();
    expect(
      requiredText('Subject is required', 200, { subject: true }).safeParse(encoded).error
        ?.issues[0]?.message,
    ).toBe(VALIDATION.encodedWords);
  });

  it('NUL and other control characters keep their messages', () => {
    expect(textProblem('a\u0000b', 'line')).toBe(VALIDATION.singleLine);
    expect(textProblem('a\u0000b', 'multiline')).toBe(VALIDATION.controlCharacters);
    expect(textProblem('a\u0085b', 'subject')).toBe(VALIDATION.singleLine);
    expect(textProblem('one\n\ttwo', 'multiline')).toBeUndefined();
  });
});

describe('phoneField (every phone field of every form)', () => {
  it('takes the trunk 0 written after the country code, as on business cards', () => {
    expect(phoneField.parse('+254 (0) 733 444 555')).toBe('+254733444555');
    expect(optionalPhoneField.parse('(0733) 444-555')).toBe('+254733444555');
  });
});
