import { describe, expect, it } from 'vitest';
import { readAmountCell, readDateCell } from './statement-values';

describe('a statement’s date cell', () => {
  it.each([
    ['2026-11-30', '2026-11-30', null],
    ['2026/11/30 23:59:59', '2026-11-30', '23:59:59'],
    ['30/11/2026', '2026-11-30', null],
    ['30-11-2026 23:59:59', '2026-11-30', '23:59:59'],
    ['01.12.26', '2026-12-01', null],
    ['1/12/2026 00:00:05', '2026-12-01', '00:00:05'],
    ['30-Nov-2026', '2026-11-30', null],
    ['30 NOV 26', '2026-11-30', null],
    ['28 February 2026', '2026-02-28', null],
    ['30 Sept 2026', '2026-09-30', null],
    ['30/11/2026 11:59 PM', '2026-11-30', '23:59:00'],
    ['01/12/2026 12:04 am', '2026-12-01', '00:04:00'],
    ['2026-11-30T23:59:59', '2026-11-30', '23:59:59'],
  ])('reads %s as the Nairobi day written, never moved across midnight', (cell, date, time) => {
    expect(readDateCell(cell)).toEqual({ ok: true, date, time });
  });

  it('reads a slashed date day first, as Kenyan banks write it: 03/04/2026 is 3 April', () => {
    expect(readDateCell('03/04/2026')).toEqual({ ok: true, date: '2026-04-03', time: null });
    expect(readDateCell('12/31/2026')).toEqual({ ok: false, problem: 'not_a_day' });
  });

  it.each([
    ['', 'missing'],
    ['   ', 'missing'],
    ['yesterday', 'unreadable'],
    ['30/11', 'unreadable'],
    ['46356', 'unreadable'],
    ['30/11/2026 24:00', 'unreadable'],
    ['30/11/2026 13:00 PM', 'unreadable'],
    ['31/11/2026', 'not_a_day'],
    ['29-Feb-2026', 'not_a_day'],
    ['31/12/2101', 'out_of_range'],
  ])('refuses %j (%s)', (cell, problem) => {
    expect(readDateCell(cell)).toEqual({ ok: false, problem });
  });
});

describe('a statement’s amount cell', () => {
  it.each([
    ['12,500', 12_500],
    ['12500.00', 12_500],
    ['1,250,000.00', 1_250_000],
    ['KES 1,250,000', 1_250_000],
    ['Ksh. 350', 350],
    ['-4,000.00', -4_000],
    ['(4,000.00)', -4_000],
    ['-0.00', 0],
    [' 007 ', 7],
    ['999,999,999,999', 999_999_999_999],
  ])('reads %j as %i shillings', (cell, amountKsh) => {
    expect(readAmountCell(cell)).toEqual({ ok: true, amountKsh });
  });

  it('reads an empty cell, or a dash, as no amount', () => {
    expect(readAmountCell('')).toEqual({ ok: true, amountKsh: null });
    expect(readAmountCell('-')).toEqual({ ok: true, amountKsh: null });
  });

  it.each([
    ['1,234.50', 'cents'],
    ['0.05', 'cents'],
    ['12,34', 'unreadable'],
    ['1,23,456', 'unreadable'],
    ['12.500.00', 'unreadable'],
    ['12 500 KES', 'unreadable'],
    ['abc', 'unreadable'],
    ['1,000,000,000,000', 'too_large'],
  ])('refuses %j (%s)', (cell, problem) => {
    expect(readAmountCell(cell)).toEqual({ ok: false, problem });
  });
});
