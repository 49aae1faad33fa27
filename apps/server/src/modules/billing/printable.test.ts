import { PRINTABLE_RANGES, unprintableCharacters } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { pdfFonts } from './pdf-fonts';

/** The fonts' code points as the shared rule lists them (controls and astral ones left out). */
function rangesOfFonts(): string {
  const all = new Set<number>();
  for (const face of pdfFonts().faces) {
    for (const codePoint of face.covers) {
      if (codePoint >= 0x20 && !(codePoint >= 0x7f && codePoint <= 0x9f) && codePoint <= 0xffff) {
        all.add(codePoint);
      }
    }
  }
  const sorted = [...all].sort((a, b) => a - b);
  const hex = (codePoint: number) => codePoint.toString(16).padStart(4, '0');
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1) j++;
    ranges.push(i === j ? hex(sorted[i]!) : `${hex(sorted[i]!)}-${hex(sorted[j]!)}`);
    i = j + 1;
  }
  return ranges.join(' ');
}

describe('what the input accepts is what the PDFs print', () => {
  it('the shared rule lists exactly the characters of the fonts (a new font version prints the new list)', () => {
    expect(PRINTABLE_RANGES).toBe(rangesOfFonts());
  });

  it('takes the scripts covered and refuses emoji and the scripts not covered', () => {
    expect(unprintableCharacters('Ngũgĩ Nguyễn Ω Пётр أتعاب עורך नमस्ते ગુજરાતી – “KSh” €')).toEqual(
      [],
    );
    // Decomposed accents are taken: the PDFs print text in its composed form.
    expect(unprintableCharacters('Zoe\u0308')).toEqual([]);
    expect(unprintableCharacters('ok 🙂👩‍⚖️🇰🇪 中文 ≤')).toEqual(['🙂', '👩‍⚖️', '🇰🇪', '中', '文', '≤']);
  });
});
