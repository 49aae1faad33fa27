/**
 * What the billing PDFs can print (ADR 035, addendum): the characters of the fonts they are drawn
 * in (Noto Sans for Latin, Greek, Cyrillic and Devanagari; Noto Sans Arabic, Hebrew and Gujarati).
 * A field whose text reaches a fee note, a credit note or a receipt (a client's name, a fee-note
 * line, a cancelling reason, a matter's title) refuses anything else at input, emoji among them,
 * so nothing on those tax documents is ever silently lost. The server's test
 * (apps/server/src/modules/billing/printable.test.ts) checks this list against the fonts, and
 * prints the new list when a font package changes.
 */

/** Code points (hex) and ranges of them, as the fonts have them; text is checked in NFC. */
export const PRINTABLE_RANGES =
  '0020-007e 00a0-02cc 02ce-02d7 02da 02dc-0301 0303-0304 0307-0309 0323 0329 0370-0377 ' +
  '037a-037f 0384-038a 038c 038e-03a1 03a3-03e1 03f0-052f 0591-05c7 05d0-05ea 05ef-05f4 ' +
  '0600-06ff 0750-077f 0870-088e 0890-0891 0898-08e1 08e3-097f 0a81-0a83 0a85-0a8d 0a8f-0a91 ' +
  '0a93-0aa8 0aaa-0ab0 0ab2-0ab3 0ab5-0ab9 0abc-0ac5 0ac7-0ac9 0acb-0acd 0ad0 0ae0-0ae3 ' +
  '0ae6-0af1 0af9-0aff 1c80-1c88 1d00-1dbf 1e00-1f15 1f18-1f1d 1f20-1f45 1f48-1f4d 1f50-1f57 ' +
  '1f59 1f5b 1f5d 1f5f-1f7d 1f80-1fb4 1fb6-1fc4 1fc6-1fd3 1fd6-1fdb 1fdd-1fef 1ff2-1ff4 ' +
  '1ff6-1ffe 2002 2009 200b-2011 2013-2014 2018-201a 201c-201e 2020 2022 2026 2032-2033 ' +
  '2039-203a 2044 204f 20a0-20c0 20f0 2113 2116 2122 2212 25cc 2c60-2c7f 2de0-2dff 2e41 ' +
  'a640-a69f a720-a7ca a7d0-a7d1 a7d3 a7d5-a7d9 a7f2-a7ff a830-a839 a8ff fb1d-fb36 fb38-fb3c ' +
  'fb3e fb40-fb41 fb43-fb44 fb46-fbc2 fbd3-fd8f fd92-fdc7 fdcf fdf0-fdff fe2e-fe2f fe70-fe74 ' +
  'fe76-fefc feff fffd ffff';

const PRINTABLE_SET: ReadonlyArray<readonly [number, number]> = PRINTABLE_RANGES.split(' ').map(
  (range) => {
    const [from, to = from] = range.split('-');
    return [parseInt(from!, 16), parseInt(to!, 16)] as const;
  },
);

/** True when the PDFs' fonts draw `codePoint` (line breaks and tabs count: they are layout). */
export function isPrintableCodePoint(codePoint: number): boolean {
  if (codePoint === 0x0a || codePoint === 0x09) return true;
  let low = 0;
  let high = PRINTABLE_SET.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const [from, to] = PRINTABLE_SET[middle]!;
    if (codePoint < from) high = middle - 1;
    else if (codePoint > to) low = middle + 1;
    else return true;
  }
  return false;
}

/**
 * The characters of `text` (as a person sees them: an emoji with its joiners and skin tone is
 * one) that the PDFs cannot print, each once, in the order typed; empty when all can be.
 */
export function unprintableCharacters(text: string): string[] {
  const found: string[] = [];
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
  for (const { segment } of segmenter.segment(text.normalize('NFC'))) {
    const printable = [...segment].every((char) => isPrintableCodePoint(char.codePointAt(0)!));
    if (!printable && !found.includes(segment)) found.push(segment);
  }
  return found;
}
