import pdfmake from 'pdfmake';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';

/**
 * Fee notes, credit notes and receipts as A4 PDFs (pdfmake 0.3, on pdfkit). This file is the
 * renderer and its font; the firm's look and the blocks the three documents share are in
 * billing-pdf-blocks.ts, and each document in its own file (fee-note-pdf.ts, credit-note-pdf.ts,
 * receipt-pdf.ts).
 *
 * The text is drawn in the PDF standard font Helvetica, which every reader has, so no font file
 * ships with the server; its encoding (WinAnsi) covers English and the Latin-1 accents, and
 * `pdfText` turns anything else into the nearest letter it can print (see there).
 *
 * The renderer formats only what it is given (billing-documents.ts): money through the shared
 * KSh format, dates through the shared Nairobi formatters, so the PDF and the screen agree.
 */

const FONT_FILES = {
  normal: 'Helvetica',
  bold: 'Helvetica-Bold',
  italics: 'Helvetica-Oblique',
  bolditalics: 'Helvetica-BoldOblique',
} as const;
const STANDARD_FONT_NAMES = new Set<string>(Object.values(FONT_FILES));

/**
 * pdfmake is one shared object: set its fonts and policies before each render (cheap), so no
 * other user of it can leave us without Helvetica. The documents load nothing: no URL, and no
 * local file but the standard fonts' names (pdfkit draws those from its own metrics).
 */
function configurePdfmake(): void {
  pdfmake.addFonts({ Helvetica: { ...FONT_FILES } });
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy((path) => STANDARD_FONT_NAMES.has(path));
}

// ---------------------------------------------------------------------------------------------
// Text the standard font can print

/** Characters above Latin-1 that WinAnsi (the standard fonts' encoding) still has. */
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
const LOOK_ALIKES: Record<string, string> = {
  '\u2212': '-', // minus sign
  '\u2010': '-', // hyphen
  '\u2011': '-', // non-breaking hyphen
  '\u2012': '–', // figure dash
  '\u2015': '—', // horizontal bar
  '\u2032': "'", // prime
  '\u2033': '"', // double prime
  '\u2009': ' ', // thin space
  '\u202f': ' ', // narrow no-break space (some ICU versions group digits with it)
  '\u2007': ' ', // figure space
  '\u2002': ' ',
  '\u2003': ' ',
  '\t': ' ',
};
/** Bidi controls, zero-width characters and the BOM: nothing to draw (ADR 012 keeps them in text). */
const INVISIBLE = /[\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/gu;

/**
 * Text as the standard font can draw it. Helvetica's WinAnsi encoding has Latin-1 and a few
 * typographic signs; pdfkit would draw any other character as the wrong glyph, so it becomes its
 * look-alike ("−" → "-"), its letter without the accent ("Ł" stays "?", "ā" → "a"), or "?".
 */
export function pdfText(text: string): string {
  let out = '';
  for (const char of text.replace(/\r\n?/g, '\n').replace(INVISIBLE, '')) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) {
      out += char;
    } else if (WIN_ANSI_EXTRAS.has(char)) {
      out += char;
    } else if (LOOK_ALIKES[char] !== undefined) {
      out += LOOK_ALIKES[char];
    } else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) {
      // A control character: dropped.
    } else {
      const base = char.normalize('NFKD').replace(/\p{M}/gu, '');
      out += /^[\x20-\x7e\xa0-\xff]+$/.test(base) ? base : '?';
    }
  }
  return out;
}

/** Every document is drawn here, so pdfmake is set up for it first (see configurePdfmake). */
export async function render(definition: TDocumentDefinitions): Promise<Buffer> {
  configurePdfmake();
  return pdfmake.createPdf(definition).getBuffer();
}

/**
 * Renders a one-line page and throws it away: pdfkit reads the standard fonts' metrics on the
 * first render (100–300 ms), which would otherwise fall on the first client to download a fee
 * note after a start (server.ts calls it once listening).
 */
export async function warmUpPdfRenderer(): Promise<void> {
  await render({
    content: [{ text: 'Fee note', bold: true }, 'KSh 1'],
    defaultStyle: { font: 'Helvetica' },
  });
}
