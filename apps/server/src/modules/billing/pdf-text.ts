import bidiFactory from 'bidi-js';
import type { Face } from './pdf-fonts';

/**
 * Text as pdfmake must be given it to print every script the fonts cover (ADR 035, addendum):
 * runs of one face each, in the order they are drawn on the line.
 *
 * - **Faces**: pdfmake draws an inline in one font and has no fallback, so each character is given
 *   the first face that has it; punctuation, digits, spaces and combining marks stay in the face of
 *   the letter before them when it has them, so a word is shaped as one.
 * - **Nothing is lost**: a character no face has (an emoji stored before the input refused it) is
 *   printed as its code point, `[U+1F642]`, never dropped or turned into "?". Bidirectional
 *   controls (refused at input since ADR 012) are left out: they draw nothing.
 * - **Right to left**: pdfkit (through fontkit) joins Arabic letters and draws each word of an
 *   Arabic or Hebrew run right to left, but lays the words of a line out left to right and knows
 *   nothing of the Unicode bidirectional algorithm. bidi-js (UAX #9) gives the order the words are
 *   seen in, and the mirrored brackets; each right-to-left word is handed on in its own logical
 *   order, which fontkit shapes and reverses. Each paragraph is ordered as one line, so a
 *   right-to-left paragraph long enough to wrap reads its lines bottom first (a known limit).
 */

const bidi = bidiFactory();

export interface TextRun {
  text: string;
  family: string;
}

const BIDI_CONTROLS = /[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;
const RIGHT_TO_LEFT = /[\p{Script=Arabic}\p{Script=Hebrew}]/u;
const NEUTRAL_SCRIPT = /[\p{Script=Common}\p{Script=Inherited}\p{Script=Unknown}]/u;
const WHITESPACE = /\s/u;

/**
 * fontkit draws a run right to left when its first character of a script (not punctuation,
 * digits or marks, which belong to none) is Arabic or Hebrew (fontkit's Script.forString).
 */
function fontkitReverses(text: string): boolean {
  for (const char of text) {
    if (RIGHT_TO_LEFT.test(char)) return true;
    if (!NEUTRAL_SCRIPT.test(char)) return false;
  }
  return false;
}

const codePointLabel = (codePoint: number) =>
  `[U+${codePoint.toString(16).toUpperCase().padStart(4, '0')}]`;

/** Left-to-right isolate and its end (UAX #9): a code point label reads as one left-to-right word. */
const ISOLATE_START = '\u2066';
const ISOLATE_END = '\u2069';
/** The face of an isolate mark: left out once the line is ordered. */
const NO_FACE = '';

/**
 * The characters of one paragraph that some face draws, in logical order, each with its face:
 * what none draws becomes its code point label (in the first face, which has those letters).
 * Spaces are in the first face too: pdfkit lays a word out with the space after it, and fontkit
 * would carry that space to the left of a right-to-left word.
 */
function withFaces(paragraph: string, faces: readonly Face[]): Array<[string, string]> {
  const first = faces[0]!.family;
  const out: Array<[string, string]> = [];
  let current: Face | undefined;
  for (const char of paragraph.replace(BIDI_CONTROLS, '')) {
    const codePoint = char.codePointAt(0)!;
    if (WHITESPACE.test(char)) {
      // A tab, or a space the first face lacks, is a plain space on paper.
      out.push([faces[0]!.covers.has(codePoint) && char !== '\t' ? char : ' ', first]);
      continue;
    }
    const face =
      current !== undefined && NEUTRAL_SCRIPT.test(char) && current.covers.has(codePoint)
        ? current
        : // Astral characters (emoji) are in no face, and never reach bidi-js (see below).
          codePoint > 0xffff
          ? undefined
          : faces.find((candidate) => candidate.covers.has(codePoint));
    if (face) {
      out.push([char, face.family]);
      current = face;
    } else {
      out.push([ISOLATE_START, NO_FACE]);
      for (const letter of codePointLabel(codePoint)) out.push([letter, first]);
      out.push([ISOLATE_END, NO_FACE]);
    }
  }
  return out;
}

/** One paragraph (no line break) as runs in the order they are seen. */
function paragraphRuns(paragraph: string, faces: readonly Face[]): TextRun[] {
  const chars = withFaces(paragraph, faces);
  // Every character is one UTF-16 unit here (astral ones became labels), as bidi-js counts them.
  const text = chars.map(([char]) => char).join('');
  let order: number[];
  let levels: Uint8Array;
  let mirrored = new Map<number, string>();
  if (RIGHT_TO_LEFT.test(text)) {
    const embedding = bidi.getEmbeddingLevels(text);
    order = bidi.getReorderedIndices(text, embedding);
    levels = embedding.levels;
    mirrored = bidi.getMirroredCharactersMap(text, embedding.levels);
  } else {
    order = chars.map((_, index) => index);
    levels = new Uint8Array(chars.length);
  }

  // Words in the order seen: a new token at each change of face, of direction, or at a space.
  const tokens: Array<{ chars: string[]; family: string }> = [];
  let key = '';
  for (const index of order) {
    const [char, family] = chars[index]!;
    if (family === NO_FACE) continue;
    const tokenKey = `${family}|${levels[index]! & 1}|${WHITESPACE.test(char)}`;
    if (tokenKey !== key || WHITESPACE.test(char)) {
      tokens.push({ chars: [], family });
      key = tokenKey;
    }
    tokens.at(-1)!.chars.push(mirrored.get(index) ?? char);
  }

  // Each token handed on so that fontkit, which reverses some, draws it as seen; then the tokens
  // of one face joined (pdfkit lays each word out on its own).
  const runs: TextRun[] = [];
  for (const token of tokens) {
    const seen = token.chars.join('');
    const text = fontkitReverses(seen) ? [...token.chars].reverse().join('') : seen;
    const last = runs.at(-1);
    if (last && last.family === token.family) last.text += text;
    else runs.push({ text, family: token.family });
  }
  return runs;
}

/** `text` (any number of lines) as runs to draw, each in one face; line breaks kept. */
export function textRuns(text: string, faces: readonly Face[]): TextRun[] {
  const runs: TextRun[] = [];
  text
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .forEach((paragraph, index) => {
      if (index > 0) runs.push({ text: '\n', family: faces[0]!.family });
      runs.push(...paragraphRuns(paragraph, faces));
    });
  return runs.filter((run) => run.text !== '');
}
