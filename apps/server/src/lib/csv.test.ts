import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './csv';

describe('audit CSV cells', () => {
  it.each([
    ['=HYPERLINK("http://x")', `"'=HYPERLINK(""http://x"")"`],
    ['+254712345678', "'+254712345678"],
    ['-1+1', "'-1+1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['line\nbreak', '"line\nbreak"'],
    ['say "hi"', '"say ""hi"""'],
  ])('%j → %j', (input, expected) => {
    expect(csvCell(input)).toBe(expected);
  });

  it('writes objects as JSON, nothing for null, and ends rows with CRLF', () => {
    expect(csvRow([null, { a: 'b' }, 3])).toBe(',"{""a"":""b""}",3\r\n');
  });

  it('neutralises a formula after a separator inside a cell, as after a JSON quote', () => {
    expect(csvCell({ title: 'x;=1+1' })).toBe(`"{""title"":""x;'=1+1""}"`);
    expect(csvCell({ a: '=1' })).toBe(`"{""a"":""'=1""}"`);
    expect(csvCell('a,+1')).toBe(`"a,'+1"`);
    expect(csvCell('a\t@SUM(A1)')).toBe(`a\t'@SUM(A1)`);
    expect(csvCell('a -2')).toBe(`a '-2`);
    expect(csvCell('line\n=2')).toBe(`"line\n'=2"`);
    expect(csvCell('2026-11-25 a-b@c.test =')).toBe(`2026-11-25 a-b@c.test '=`);
  });
});

/**
 * ADR 016: the export read by a spreadsheet that splits on, or; or tab or space, with
 * or without honouring quotes. Every cell so made must not start a formula.
 */
describe('audit CSV rows, however a spreadsheet splits them', () => {
  const FORMULA = /^[=+\-@]/;
  const hostile = [
    '=1+1',
    'x;=1+1',
    'x,=cmd|"/c calc"!A1',
    'x\t+1',
    'x -1',
    'x @SUM(A1)',
    'x";=1',
    '"=1',
    'x;;  =1',
    'a\r\n=1',
  ];

  it.each(hostile)('%j', (text) => {
    const line = csvRow(['2026-11-25T09:00:00.000Z', 'case.updated', text, { title: text }]);
    for (const separator of [',', ';', '\t', ' ', '\n', '\r']) {
      for (const cell of line.split(separator)) {
        for (const candidate of [
          cell,
          cell.replace(/"/g, ''),
          cell.trim(),
          cell.replace(/^"+/, ''),
        ]) {
          expect(candidate.trimStart(), JSON.stringify({ separator, cell })).not.toMatch(FORMULA);
        }
      }
    }
  });
});
