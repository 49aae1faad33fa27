import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import * as fontkit from 'fontkit';

/**
 * The fonts the billing PDFs are drawn in (ADR 035, addendum): Noto Sans from the Fontsource
 * packages (npm, server-side only: the web app never imports them), one face per Unicode subset
 * the packages ship, so a PDF embeds only the glyphs it uses of each. Each character is drawn in
 * the first face of FACES that has it (see pdf-text.ts); what none has is printed as its code
 * point, never dropped.
 *
 * Covered: Latin (with its extensions and Vietnamese), Greek, Cyrillic, Devanagari, Arabic,
 * Hebrew and Gujarati. packages/shared/src/common/printable.ts refuses, at input, what these
 * faces cannot draw; printable.test in this folder checks the two agree.
 */

const require = createRequire(import.meta.url);

interface FaceFiles {
  /** The pdfmake font family name. */
  family: string;
  normal: string;
  bold: string;
}

/** `@fontsource/<pkg>/files/<pkg>-<subset>-<weight>-normal.woff` */
function fontsource(pkg: string, subset: string): FaceFiles {
  const file = (weight: number) =>
    require.resolve(`@fontsource/${pkg}/files/${pkg}-${subset}-${weight}-normal.woff`);
  return { family: `${pkg}-${subset}`, normal: file(400), bold: file(700) };
}

/** In the order a character looks for its face: the Latin one first (it holds the punctuation). */
const FACE_FILES: FaceFiles[] = [
  fontsource('noto-sans', 'latin'),
  fontsource('noto-sans', 'latin-ext'),
  fontsource('noto-sans', 'vietnamese'),
  fontsource('noto-sans', 'greek'),
  fontsource('noto-sans', 'greek-ext'),
  fontsource('noto-sans', 'cyrillic'),
  fontsource('noto-sans', 'cyrillic-ext'),
  fontsource('noto-sans', 'devanagari'),
  fontsource('noto-sans-arabic', 'arabic'),
  fontsource('noto-sans-hebrew', 'hebrew'),
  fontsource('noto-sans-gujarati', 'gujarati'),
];

export interface Face {
  family: string;
  /** The code points the face draws, in both weights. */
  covers: ReadonlySet<number>;
}

export interface PdfFonts {
  faces: readonly Face[];
  /** pdfmake's font table, naming the files in `files`. */
  pdfmakeFonts: Record<
    string,
    { normal: string; bold: string; italics: string; bolditalics: string }
  >;
  /** The fonts' bytes by the names pdfmakeFonts gives them (pdfmake's virtual file system). */
  files: Record<string, Buffer>;
  /** The face the document's own words are set in. */
  defaultFamily: string;
}

/**
 * A WOFF file as the TrueType/OpenType file it wraps (WOFF 1.0: the same tables, each
 * zlib-compressed). fontkit reads a WOFF table by inflating it in JavaScript, again in every
 * document; a plain font is read in place, three times faster.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  if (woff.toString('latin1', 0, 4) !== 'wOFF') throw new Error('Not a WOFF font');
  const flavor = woff.readUInt32BE(4);
  const numTables = woff.readUInt16BE(12);
  let searchRange = 1;
  let entrySelector = 0;
  while (searchRange * 2 <= numTables) {
    searchRange *= 2;
    entrySelector += 1;
  }
  const header = Buffer.alloc(12 + 16 * numTables);
  header.writeUInt32BE(flavor, 0);
  header.writeUInt16BE(numTables, 4);
  header.writeUInt16BE(searchRange * 16, 6);
  header.writeUInt16BE(entrySelector, 8);
  header.writeUInt16BE(numTables * 16 - searchRange * 16, 10);
  const tables: Buffer[] = [];
  let offset = header.length;
  for (let i = 0; i < numTables; i++) {
    const entry = 44 + i * 20;
    const [tag, at, compLength, origLength, checksum] = [0, 4, 8, 12, 16].map((field) =>
      woff.readUInt32BE(entry + field),
    ) as [number, number, number, number, number];
    const stored = woff.subarray(at, at + compLength);
    const data = compLength < origLength ? inflateSync(stored) : stored;
    const record = 12 + 16 * i;
    header.writeUInt32BE(tag, record);
    header.writeUInt32BE(checksum, record + 4);
    header.writeUInt32BE(offset, record + 8);
    header.writeUInt32BE(origLength, record + 12);
    const padded = Buffer.alloc((data.length + 3) & ~3);
    data.copy(padded);
    tables.push(padded);
    offset += padded.length;
  }
  return Buffer.concat([header, ...tables]);
}

function characterSetOf(bytes: Buffer): Set<number> {
  const font = fontkit.create(bytes);
  if (!('characterSet' in font)) throw new Error('A font collection where one font was expected');
  return new Set(font.characterSet);
}

let loaded: PdfFonts | undefined;

/** The faces, read once per thread (about 2 MB of files). */
export function pdfFonts(): PdfFonts {
  if (loaded) return loaded;
  const faces: Face[] = [];
  const pdfmakeFonts: PdfFonts['pdfmakeFonts'] = {};
  const bytes: PdfFonts['files'] = {};
  for (const files of FACE_FILES) {
    const normal = woffToSfnt(readFileSync(files.normal));
    const bold = woffToSfnt(readFileSync(files.bold));
    // A character the regular face has but the bold one lacks would vanish from a bold line:
    // a face covers what both weights have.
    const inBold = characterSetOf(bold);
    const covers = new Set(
      [...characterSetOf(normal)].filter((codePoint) => inBold.has(codePoint)),
    );
    faces.push({ family: files.family, covers });
    // No face has italics: the documents use none, and an italic would fall back to upright.
    const [regular, strong] = [`${files.family}-400.ttf`, `${files.family}-700.ttf`];
    bytes[regular] = normal;
    bytes[strong] = bold;
    pdfmakeFonts[files.family] = {
      normal: regular,
      bold: strong,
      italics: regular,
      bolditalics: strong,
    };
  }
  loaded = { faces, pdfmakeFonts, files: bytes, defaultFamily: faces[0]!.family };
  return loaded;
}

/** The font packages' versions: a new version may draw differently (the render cache's key). */
export const FONT_PACKAGES = [
  'noto-sans',
  'noto-sans-arabic',
  'noto-sans-hebrew',
  'noto-sans-gujarati',
]
  .map(
    (pkg) =>
      `${pkg}@${(require(`@fontsource/${pkg}/package.json`) as { version: string }).version}`,
  )
  .join(',');
