import { describe, expect, it } from 'vitest';
import { csvCell, csvRow } from './audit-csv';

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
    expect(csvRow([null, { a: '=1' }, 3])).toBe(',"{""a"":""=1""}",3\r\n');
  });
});
