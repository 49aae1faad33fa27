// `npm run bench:pdf`: the figures of ADR 035's addendum, printed, not a pass/fail test:
//   - how long the 100-line (100-page) fee note takes to draw, on the event loop and on the
//     PDF pool's worker thread (cold: the thread's first; warm: median of the next runs);
//   - how long a health request waits meanwhile: a small HTTP server in this process answers
//     GET /api/health, asked every 20 ms over loopback while each render runs.
// BENCH_RUNS (default 3) warm runs of each.
import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FeeNoteDocument } from '../src/modules/billing/billing-documents';
import { renderFeeNotePdf } from '../src/modules/billing/fee-note-pdf';
import { closePdfPool, renderOffThread } from '../src/modules/billing/pdf-render-pool';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const lines = Array.from({ length: 100 }, (_, line) => ({
  kind: 'fee' as const,
  description: Array.from({ length: 45 }, (_, step) => `Item ${line + 1}, step ${step + 1}`)
    .join('\n')
    .slice(0, 500),
  quantity: 1,
  unitPriceKsh: 1_000,
  amountKsh: 1_000,
}));
const doc: FeeNoteDocument = {
  letterhead: {
    firmName: 'Mwamba & Associates Advocates',
    addressLines: ['4th Floor, Mara Court, Mara Road, Upper Hill', 'Nairobi 00100'],
    phone: '+254 20 765 4321',
    email: 'accounts@mwamba-advocates.co.ke',
    kraPin: 'P051234567X',
    isVatRegistered: false,
  },
  number: 'FN/2026/0101',
  issuedAt: new Date('2026-11-27T08:00:00Z'),
  dueDate: '2026-12-15',
  client: { name: 'فاطمة علي', email: 'fatma@example.test', phone: null, kraPin: null },
  caseLabel: null,
  lines,
  totals: {
    feesKsh: 100_000,
    disbursementsKsh: 0,
    vatRatePercent: 0,
    vatKsh: 0,
    totalKsh: 100_000,
    paidKsh: 0,
    balanceKsh: 100_000,
  },
  status: 'issued',
  isOverdue: false,
  howToPay: { mpesa: null, bank: null, phone: '+254 20 765 4321' },
  cancellation: null,
  etims: null,
};

const server = createServer((req, res) => {
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ status: 'ok', path: req.url }));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as AddressInfo;

const health = () =>
  new Promise<number>((resolve, reject) => {
    const start = performance.now();
    request({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(performance.now() - start));
    })
      .on('error', reject)
      .end();
  });

/** `render`'s time, and the health answers' times while it ran. */
async function measure(render: () => Promise<Buffer>) {
  const waits: Array<Promise<number>> = [];
  let running = true;
  const asking = (async () => {
    while (running) {
      waits.push(health());
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, 30));
  const start = performance.now();
  const pdf = await render();
  const ms = performance.now() - start;
  running = false;
  await asking;
  const latencies = (await Promise.all(waits)).sort((a, b) => a - b);
  return {
    ms,
    pdf,
    healthMax: latencies.at(-1) ?? 0,
    answers: latencies.length,
  };
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const f = (ms: number) => `${ms.toFixed(0)} ms`;

async function scenario(name: string, render: () => Promise<Buffer>) {
  const cold = await measure(render);
  const warm = [];
  for (let i = 0; i < RUNS; i++) warm.push(await measure(render));
  const pages = (cold.pdf.toString('latin1').match(/\/Type \/Page\b/g) ?? []).length;
  console.log(
    `${name}: ${pages} pages; first ${f(cold.ms)}, then median ${f(median(warm.map((r) => r.ms)))}` +
      ` | /api/health asked every 20 ms meanwhile: ${warm.reduce((n, r) => n + r.answers, cold.answers)}` +
      ` answers, worst wait ${f(Math.max(cold.healthMax, ...warm.map((r) => r.healthMax)))},` +
      ` median of the warm runs' worst ${f(median(warm.map((r) => r.healthMax)))}`,
  );
}

await scenario('on the event loop (before)', () => renderFeeNotePdf(doc));
await scenario('on the PDF pool (now)', () => renderOffThread({ kind: 'fee_note', doc }));
await closePdfPool();
server.close();
