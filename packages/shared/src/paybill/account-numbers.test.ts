import { describe, expect, it } from 'vitest';
import {
  clientPaymentReference,
  normaliseAccountNumber,
  paybillAccountOf,
  readAccountNumber,
} from './account-numbers';

describe('paybill account numbers as clients type them', () => {
  it('tells the client to type a fee note number without its slashes', () => {
    expect(paybillAccountOf('FN/2026/0012')).toBe('FN20260012');
    expect(paybillAccountOf('MWA/2026/0147')).toBe('MWA20260147');
  });

  it('gives each client a short reference of the firm’s letters and four digits or more', () => {
    expect(clientPaymentReference(7)).toBe('MW0007');
    expect(clientPaymentReference(12345)).toBe('MW12345');
  });

  it.each([
    'FN20260012',
    'fn/2026/12',
    'FN 2026-0012',
    ' fn.2026.0012 ',
    'Fn#2026_12',
    'fn 2026 / 00012',
  ])('reads %j as fee note 12 of 2026', (typed) => {
    expect(readAccountNumber(typed)).toContainEqual({ kind: 'fee_note', year: 2026, sequence: 12 });
  });

  it('reads a fee note with no year as its number in any year', () => {
    expect(readAccountNumber('fn12')).toEqual([{ kind: 'fee_note', year: null, sequence: 12 }]);
    expect(readAccountNumber('FN 0012')).toEqual([{ kind: 'fee_note', year: null, sequence: 12 }]);
  });

  it('keeps both meanings of digits that could start with a year', () => {
    expect(readAccountNumber('FN20261')).toEqual([
      { kind: 'fee_note', year: 2026, sequence: 1 },
      { kind: 'fee_note', year: null, sequence: 20261 },
    ]);
    expect(readAccountNumber('FN20260012')).toEqual([
      { kind: 'fee_note', year: 2026, sequence: 12 },
    ]);
    expect(readAccountNumber('FN202612')).toEqual([
      { kind: 'fee_note', year: 2026, sequence: 12 },
      { kind: 'fee_note', year: null, sequence: 202612 },
    ]);
    expect(readAccountNumber('FN2026')).toEqual([{ kind: 'fee_note', year: null, sequence: 2026 }]);
  });

  it('tells a case number (MWA) from a client reference (MW)', () => {
    expect(readAccountNumber('mwa/2026/147')).toEqual([
      { kind: 'case', year: 2026, sequence: 147 },
    ]);
    expect(readAccountNumber('MWA 147')).toEqual([{ kind: 'case', year: null, sequence: 147 }]);
    expect(readAccountNumber('mw 0034')).toEqual([{ kind: 'client', sequence: 34 }]);
    expect(readAccountNumber('MW-1234')).toEqual([{ kind: 'client', sequence: 1234 }]);
  });

  it('reads an appointment reference typed without its dash', () => {
    expect(readAccountNumber('apt3f9a2c1d')).toEqual([
      { kind: 'appointment', reference: 'APT-3F9A2C1D' },
    ]);
  });

  it.each([
    '',
    '   ',
    'rent',
    'FN',
    'FN0',
    'MW0',
    '0712345678',
    'FNABC',
    'CN20260003',
    'MW1234567',
  ])('reads %j as naming nothing', (typed) => {
    expect(readAccountNumber(typed)).toEqual([]);
  });

  it('normalises what it compares', () => {
    expect(normaliseAccountNumber(' mw/00-34 ')).toBe('MW0034');
  });
});
