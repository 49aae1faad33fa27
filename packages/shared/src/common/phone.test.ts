import { describe, expect, it } from 'vitest';
import { formatKenyanPhone, normalizeChatPhone, toKenyanE164 } from './phone';

describe('normalizeChatPhone (the chat link)', () => {
  it.each([
    ['0712 345 678', '254712345678'],
    ['+254 712 345 678', '254712345678'],
    ['254712345678', '254712345678'],
    ['(0)20-123-4567', '254201234567'],
    ['712345678', '254712345678'],
    ['+254 (0) 733 444 555', '254733444555'],
  ])('%s becomes %s', (input, expected) => {
    expect(normalizeChatPhone(input)).toBe(expected);
  });
});

describe('toKenyanE164 (stored phone numbers)', () => {
  it.each([
    ['0712345678', '+254712345678'],
    ['0112 345 678', '+254112345678'],
    ['+254712345678', '+254712345678'],
    ['254 712-345-678', '+254712345678'],
  ])('stores %s as %s', (input, expected) => {
    expect(toKenyanE164(input)).toBe(expected);
  });

  // Every way a Kenyan writes the same number is the same number, in every phone field.
  it.each([
    ['0733444555', '+254733444555'],
    ['0733 444 555', '+254733444555'],
    ['+254733444555', '+254733444555'],
    ['254733444555', '+254733444555'],
    ['+254 (0) 733 444 555', '+254733444555'],
    ['+254(0)733444555', '+254733444555'],
    ['254 0733 444 555', '+254733444555'],
    ['(0733) 444-555', '+254733444555'],
    ['0110 123 456', '+254110123456'],
    ['+254 (0) 110 123 456', '+254110123456'],
    ['(0100) 200-300', '+254100200300'],
  ])('stores %s, as a Kenyan writes it, as %s', (input, expected) => {
    expect(toKenyanE164(input)).toBe(expected);
  });

  it.each([
    '12345',
    '0812345678',
    '+254 (0) 0733 444 555',
    '+254 (0) 812 345 678',
    '+1 415 555 0100',
    'call me',
    '07123456789',
  ])('rejects %s', (input) => {
    expect(toKenyanE164(input)).toBeNull();
  });
});

describe('normalizeChatPhone with more of the formats visitors type', () => {
  it.each([
    ['0722-000-911', '254722000911'],
    ['  0110 123 456 ', '254110123456'],
    ['20 765 4321', '254207654321'],
  ])('%s becomes %s', (input, expected) => {
    expect(normalizeChatPhone(input)).toBe(expected);
  });
});

describe('formatKenyanPhone', () => {
  it('groups a stored number as it is read aloud', () => {
    expect(formatKenyanPhone('+254712345678')).toBe('+254 712 345 678');
    expect(formatKenyanPhone('+254110123456')).toBe('+254 110 123 456');
  });

  it('leaves anything else as it is', () => {
    expect(formatKenyanPhone('0712 345 678')).toBe('0712 345 678');
    expect(formatKenyanPhone('+25471234567')).toBe('+25471234567');
  });
});
