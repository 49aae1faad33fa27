import pdfmake from 'pdfmake';
import type { Content, DynamicContent, TDocumentDefinitions } from 'pdfmake/interfaces';
import { pdfFonts } from './pdf-fonts';
import { textRuns } from './pdf-text';

/**
 * Fee notes, credit notes and receipts as A4 PDFs (pdfmake 0.3, on pdfkit). This file is the
 * renderer; the firm's look and the blocks the three documents share are in
 * billing-pdf-blocks.ts, and each document in its own file (fee-note-pdf.ts, credit-note-pdf.ts,
 * receipt-pdf.ts).
 *
 * The text is drawn in Noto Sans and its sister faces (pdf-fonts.ts), embedded in each PDF: every
 * string of a document is split here into runs of one face each, in the order they are seen
 * (pdf-text.ts), so a client's name in Arabic, Greek or Gujarati prints as written.
 *
 * The renderer formats only what it is given (billing-documents.ts): money through the shared
 * KSh format, dates through the shared Nairobi formatters, so the PDF and the screen agree.
 */

/**
 * pdfmake is one shared object: set its fonts and policies before each render (cheap), so no
 * other user of it can leave us without ours. The documents load nothing: no URL, no file (the
 * fonts' bytes, read once, are in pdfmake's virtual file system).
 */
function configurePdfmake(): void {
  const fonts = pdfFonts();
  // pdfmake's own virtual file system (its types name only the base64 way in).
  const { virtualfs } = pdfmake as unknown as {
    virtualfs: {
      existsSync(name: string): boolean;
      writeFileSync(name: string, bytes: Buffer): void;
    };
  };
  for (const [name, bytes] of Object.entries(fonts.files)) {
    if (!virtualfs.existsSync(name)) virtualfs.writeFileSync(name, bytes);
  }
  pdfmake.addFonts(fonts.pdfmakeFonts);
  pdfmake.setUrlAccessPolicy(() => false);
  pdfmake.setLocalAccessPolicy(() => false);
}

type Inline = Exclude<Content, string | Content[]> & { text: string; font: string };
type Node = Record<string, unknown>;

/** An inline's text (a string or nested inlines) as runs, each carrying `style` and its face. */
function inlinesOf(text: unknown, style: Node): Inline[] {
  if (typeof text === 'string' || typeof text === 'number') {
    return textRuns(String(text), pdfFonts().faces).map(
      (run) => ({ ...style, text: run.text, font: run.family }) as Inline,
    );
  }
  if (Array.isArray(text)) return text.flatMap((part) => inlinesOf(part, style));
  if (text && typeof text === 'object') {
    // pdfmake drops the style of an inline that nests inlines: it is carried down here instead.
    const { text: inner, ...own } = text as Node;
    return inlinesOf(inner, { ...style, ...own });
  }
  return [];
}

const CHILD_LISTS = ['stack', 'columns', 'ul', 'ol'] as const;

/** A content node with every text in runs of one face each (see pdf-text.ts). */
function withRuns(content: unknown): Content {
  if (typeof content === 'string' || typeof content === 'number') {
    return { text: inlinesOf(content, {}) };
  }
  if (Array.isArray(content)) return content.map(withRuns);
  if (!content || typeof content !== 'object') return content as Content;
  const node = { ...(content as Node) };
  if ('text' in node) node.text = inlinesOf(node.text, {});
  for (const key of CHILD_LISTS) {
    if (Array.isArray(node[key])) node[key] = (node[key] as unknown[]).map(withRuns);
  }
  const table = node.table as { body?: unknown[][] } | undefined;
  if (table?.body) {
    node.table = { ...table, body: table.body.map((row) => row.map(withRuns)) };
  }
  return node as unknown as Content;
}

function withRunsDefinition(definition: TDocumentDefinitions): TDocumentDefinitions {
  const { footer, header } = definition;
  const dynamic = (part: typeof footer) =>
    typeof part === 'function'
      ? (((...args: Parameters<DynamicContent>) => withRuns(part(...args))) as DynamicContent)
      : part === undefined
        ? undefined
        : withRuns(part);
  return {
    ...definition,
    content: withRuns(definition.content),
    footer: dynamic(footer),
    header: dynamic(header),
    defaultStyle: { ...definition.defaultStyle, font: pdfFonts().defaultFamily },
  };
}

/** Every document is drawn here, so pdfmake is set up for it first (see configurePdfmake). */
export async function render(definition: TDocumentDefinitions): Promise<Buffer> {
  configurePdfmake();
  return pdfmake.createPdf(withRunsDefinition(definition)).getBuffer();
}

/**
 * Renders a one-line page and throws it away: reading the fonts and pdfkit's first render take a
 * few hundred milliseconds, which would otherwise fall on the first client to download a fee note
 * after a start (server.ts calls it once listening).
 */
export async function warmUpPdfRenderer(): Promise<void> {
  await render({ content: [{ text: 'Fee note', bold: true }, 'KSh 1'] });
}
