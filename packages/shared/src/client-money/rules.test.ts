import { describe, expect, it } from 'vitest';
import { kshInWords } from './rules';

describe('kshInWords: the amount a client-account receipt states in words', () => {
  it('writes amounts as a Kenyan receipt does, with "and" after the hundreds', () => {
    expect(kshInWords(1)).toBe('One shilling only');
    expect(kshInWords(19)).toBe('Nineteen shillings only');
    expect(kshInWords(250)).toBe('Two hundred and fifty shillings only');
    expect(kshInWords(1_005)).toBe('One thousand and five shillings only');
    expect(kshInWords(47_321)).toBe(
      'Forty-seven thousand, three hundred and twenty-one shillings only',
    );
    expect(kshInWords(1_250_000)).toBe(
      'One million, two hundred and fifty thousand shillings only',
    );
    expect(kshInWords(3_000_090)).toBe('Three million and ninety shillings only');
  });

  it('reaches the largest entry, a billion shillings', () => {
    expect(kshInWords(1_000_000_000)).toBe('One billion shillings only');
    expect(kshInWords(999_999_999)).toBe(
      'Nine hundred and ninety-nine million, nine hundred and ninety-nine thousand, nine hundred and ninety-nine shillings only',
    );
  });
});
