import { EventEmitter } from 'node:events';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { RenderTask } from './pdf-render-worker';

/**
 * Every billing PDF the server sends is drawn here, in a small pool of worker threads (piscina),
 * never on the event loop (ADR 035, addendum): a 100-page fee note takes its second or so on a
 * worker, and every other request is answered meanwhile. Downloads wait their turn in the pool's
 * queue, so repeated downloads take no more than its threads.
 *
 * The worker is this folder's pdf-render-worker: its TypeScript source under tsx and the tests,
 * dist/pdf-render-worker.js in the built server (build.mjs).
 */

const IN_SOURCE = import.meta.url.endsWith('.ts');
const WORKER = IN_SOURCE
  ? fileURLToPath(new URL('./pdf-render-worker.ts', import.meta.url))
  : fileURLToPath(new URL('./pdf-render-worker.js', import.meta.url));

/** `start` and `end` of each render, with its kind: what the tests and the bench watch. */
export const pdfRenders = new EventEmitter<{
  start: [RenderTask['kind']];
  end: [RenderTask['kind']];
}>();

let pool: Piscina<RenderTask, Uint8Array> | undefined;

function poolOf(): Piscina<RenderTask, Uint8Array> {
  pool ??= new Piscina<RenderTask, Uint8Array>({
    filename: WORKER,
    // One thread per spare core, at most two: the PDFs share the machine with the server.
    minThreads: 1,
    maxThreads: Math.max(1, Math.min(2, availableParallelism() - 1)),
    // A thread that sits idle for a minute is ended (its fonts are 20 MB); the next starts again.
    idleTimeout: 60_000,
    // The source needs tsx's loader in the worker as in the server (tests, `npm run dev`).
    ...(IN_SOURCE ? { execArgv: [...process.execArgv, '--import', 'tsx'] } : {}),
  });
  return pool;
}

/** The PDF of `task`, drawn on a worker thread. */
export async function renderOffThread(task: RenderTask): Promise<Buffer> {
  pdfRenders.emit('start', task.kind);
  try {
    const bytes = await poolOf().run(task);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } finally {
    pdfRenders.emit('end', task.kind);
  }
}

/** Starts a thread and reads its fonts, so the first download after a start is not the slower. */
export async function warmUpPdfPool(): Promise<void> {
  await renderOffThread({
    kind: 'receipt',
    doc: {
      letterhead: {
        firmName: 'Warm-up',
        addressLines: [],
        phone: '',
        email: '',
        kraPin: null,
        isVatRegistered: false,
      },
      number: 'RC/2026/0001',
      receivedAt: new Date(0),
      client: { name: '', email: '', phone: null, kraPin: null },
      amountKsh: 1,
      method: 'cash',
      reference: null,
      appliedTo: { kind: 'appointment', title: '', startsAt: new Date(0) },
    },
  });
}

/** Ends the threads (the server's close). */
export async function closePdfPool(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.destroy();
}
