import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { billingPdfs } from '../../db/schema';
import { FONT_PACKAGES } from './pdf-fonts';
import { renderOffThread } from './pdf-render-pool';
import type { RenderTask } from './pdf-render-worker';

/**
 * Issued fee notes, credit notes and receipts never change, but what their PDF shows may: a
 * payment, an overdue day, new firm settings, a new renderer. So each document's PDF is kept in
 * `billing_pdfs` (ADR 035, addendum) with a hash of everything it is drawn from (the document,
 * the renderer's version and the font packages'), and is drawn again, on a worker thread, only
 * when that hash differs. Several servers on one database share what each has drawn.
 */

/** Bump with any change to how the documents are drawn: every kept PDF is then drawn anew. */
export const RENDERER_VERSION = '2026-12 etims';

const renderKeyOf = (task: RenderTask) =>
  createHash('sha256')
    .update(JSON.stringify({ renderer: RENDERER_VERSION, fonts: FONT_PACKAGES, task }))
    .digest('hex');

/**
 * The PDF of `task` for `document` (`fee_note:<id>`, `credit_note:<id>`, `receipt:<id>`): the kept
 * bytes when they show the same, else drawn and kept. `db` may be a transaction (the cancelling
 * one attaches the credit note); what it keeps goes with it.
 */
export async function cachedPdf(db: Executor, document: string, task: RenderTask): Promise<Buffer> {
  const renderKey = renderKeyOf(task);
  const [kept] = await db
    .select({ renderKey: billingPdfs.renderKey, bytes: billingPdfs.bytes })
    .from(billingPdfs)
    .where(eq(billingPdfs.document, document));
  if (kept?.renderKey === renderKey) {
    return Buffer.from(kept.bytes.buffer, kept.bytes.byteOffset, kept.bytes.byteLength);
  }
  const bytes = await renderOffThread(task);
  const stored = new Uint8Array(
    bytes.buffer,
    bytes.byteOffset,
    bytes.byteLength,
  ) as Uint8Array<ArrayBuffer>;
  await db
    .insert(billingPdfs)
    .values({ document, renderKey, bytes: stored })
    .onConflictDoUpdate({
      target: billingPdfs.document,
      set: { renderKey, bytes: stored, renderedAt: sql`now()` },
    });
  return bytes;
}
