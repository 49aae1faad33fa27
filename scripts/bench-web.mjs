// `npm run bench:web`: Lighthouse (mobile preset: Moto G-class phone, slow 4G, 4× CPU slowdown)
// on every public page, served by the production build as `npm start` serves it, on a fresh
// DATA_DIR. Prints each category score, LCP, TBT and the JavaScript and total bytes transferred,
// and marks figures that miss the issue's targets. Figures, not a pass/fail test.
//   CHROME_PATH  Chromium to drive (default /usr/bin/chromium)
//   BENCH_PAGES  comma-separated paths to measure instead of every public page
//   BENCH_RUNS   runs per page (default 3); the run with the median performance score is printed,
//                as Lighthouse advises: CPU-bound figures (TBT) vary from run to run
//   BENCH_DEBUG  also print the page's inspector issues, console errors and each script it downloaded
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { freePort } from './lib/free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
// The home page's budgets (ADR 010) (median run): React 19 itself, not a substitute runtime.
const HOME_JS_BUDGET_KB = 120;
const HOME_TOTAL_BUDGET_KB = 250;
const HOME_LCP_BUDGET_MS = 1500;
const HOME_TBT_BUDGET_MS = 150;

const PAGES = process.env.BENCH_PAGES
  ? process.env.BENCH_PAGES.split(',')
  : [
      '/',
      '/about',
      '/practice-areas',
      '/practice-areas/family-law',
      '/practice-areas/corporate-law',
      '/practice-areas/criminal-defense',
      '/practice-areas/property-law',
      '/practice-areas/employment-law',
      '/areas-we-serve',
      '/resources',
      '/resources/buying-land-in-kenya',
      '/locations',
      '/contact',
      '/privacy',
      '/terms',
      '/cookies',
    ];

if (
  !existsSync(path.join(root, 'apps/web/dist/index.html')) ||
  !existsSync(path.join(root, 'apps/server/dist/server.js'))
) {
  console.log('No production build yet: npm run build');
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = await freePort();
const origin = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'firm-bench-'));
const server = spawn(process.execPath, [path.join(root, 'apps/server/dist/server.js')], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    PUBLIC_URL: origin,
  },
  stdio: ['ignore', 'inherit', 'inherit'],
});
const stopServer = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

let chrome;
try {
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (i > 150) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--no-first-run',
    ],
  });

  const kb = (bytes) => (bytes / 1024).toFixed(1);
  const rows = [];
  const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
  const measure = async (url) => {
    const results = [];
    for (let run = 0; run < runs; run += 1) {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: Object.keys(TARGETS),
        // Map tiles come from OpenStreetMap, which a closed network cannot reach.
        blockedUrlPatterns: ['tile.openstreetmap.org'],
      });
      if (!result.lhr.runtimeError) results.push(result.lhr);
    }
    if (results.length === 0) throw new Error(`Lighthouse could not measure ${url}`);
    results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    return results[Math.floor((results.length - 1) / 2)];
  };
  for (const pagePath of PAGES) {
    const lhr = await measure(`${origin}${pagePath}`);
    const { categories, audits, runtimeError, runWarnings } = lhr;
    if (runtimeError)
      console.log(`  ${pagePath}: Lighthouse error ${runtimeError.code}: ${runtimeError.message}`);
    for (const warning of runWarnings ?? []) console.log(`  ${pagePath}: ${warning}`);
    if (process.env.BENCH_DEBUG) {
      for (const id of ['inspector-issues', 'errors-in-console']) {
        console.log(id, JSON.stringify(audits[id]?.details?.items ?? []).slice(0, 1500));
      }
      // Main-thread work and its JavaScript part, with the preset's CPU slowdown: what TBT grows from.
      const lcpElement =
        audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
      if (lcpElement)
        console.log(
          `  LCP element: ${lcpElement.snippet} at ${lcpElement.selector}: "${lcpElement.nodeLabel}"`,
        );
      const lcpPhases = audits['largest-contentful-paint-element']?.details?.items?.[1]?.items;
      const observed = audits.metrics?.details?.items?.[0];
      if (observed) {
        console.log(
          `  observed (unthrottled): FCP ${observed.observedFirstContentfulPaint} ms, LCP ${observed.observedLargestContentfulPaint} ms, DCL ${observed.observedDomContentLoaded} ms, load ${observed.observedLoad} ms`,
        );
      }
      if (lcpPhases)
        console.log(
          `  LCP phases: ${lcpPhases.map((p) => `${p.phase} ${Math.round(p.timing)} ms`).join(', ')}`,
        );
      console.log(
        `  main thread ${Math.round(audits['mainthread-work-breakdown']?.numericValue ?? 0)} ms, ` +
          `of which JavaScript ${Math.round(audits['bootup-time']?.numericValue ?? 0)} ms`,
      );
      const breakdown = audits['mainthread-work-breakdown']?.details?.items ?? [];
      console.log(
        `  by kind: ${breakdown.map((item) => `${item.groupLabel} ${Math.round(item.duration)}`).join(', ')}; DOM ${audits['dom-size']?.numericValue} elements`,
      );
      // The long tasks TBT counts (simulated, with the CPU slowdown), and what ran in them.
      for (const task of audits['long-tasks']?.details?.items ?? []) {
        console.log(
          `  long task at ${Math.round(task.startTime)} ms, ${Math.round(task.duration)} ms: ${task.url}`,
        );
      }
      // Which chunks the page downloaded: what a lazy import saves shows here first.
      for (const request of audits['network-requests']?.details?.items ?? []) {
        if (request.resourceType !== 'Script') continue;
        console.log(`  script ${kb(request.transferSize).padStart(6)} KB  ${request.url}`);
      }
    }
    const summary = Object.fromEntries(
      audits['resource-summary'].details.items.map((item) => [
        item.resourceType,
        item.transferSize,
      ]),
    );
    const row = {
      page: pagePath,
      ...Object.fromEntries(
        Object.keys(TARGETS).map((key) => [key, Math.round((categories[key]?.score ?? 0) * 100)]),
      ),
      lcp: Math.round(audits['largest-contentful-paint'].numericValue),
      tbt: Math.round(audits['total-blocking-time'].numericValue),
      js: summary.script ?? 0,
      total: summary.total ?? 0,
      failed: Object.values(categories)
        .flatMap((category) => category.auditRefs)
        .filter(
          (ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1,
        )
        .map((ref) => ref.id),
    };
    rows.push(row);
    const misses = Object.entries(TARGETS)
      .filter(([key, target]) => row[key] < target)
      .map(([key]) => key);
    console.log(
      `${pagePath.padEnd(34)} perf ${String(row.performance).padStart(3)}  a11y ${String(row.accessibility).padStart(3)}  bp ${String(row['best-practices']).padStart(3)}  seo ${String(row.seo).padStart(3)}  ` +
        `LCP ${String(row.lcp).padStart(5)} ms  TBT ${String(row.tbt).padStart(4)} ms  JS ${kb(row.js).padStart(6)} KB  total ${kb(row.total).padStart(6)} KB` +
        (misses.length ? `  ← below target: ${misses.join(', ')} (${row.failed.join(', ')})` : ''),
    );
  }
  const home = rows.find((row) => row.page === '/');
  if (home) {
    const over = [
      home.js / 1024 > HOME_JS_BUDGET_KB && 'JS',
      home.total / 1024 > HOME_TOTAL_BUDGET_KB && 'total',
      home.lcp > HOME_LCP_BUDGET_MS && 'LCP',
      home.tbt > HOME_TBT_BUDGET_MS && 'TBT',
    ].filter(Boolean);
    console.log(
      `\nHome page: JS ${kb(home.js)} KB (budget ${HOME_JS_BUDGET_KB} KB), total ${kb(home.total)} KB (budget ${HOME_TOTAL_BUDGET_KB} KB), compressed as transferred; ` +
        `LCP ${home.lcp} ms (budget ${HOME_LCP_BUDGET_MS} ms), TBT ${home.tbt} ms (budget ${HOME_TBT_BUDGET_MS} ms)` +
        (over.length ? `  ← over budget: ${over.join(', ')}` : ''),
    );
  }
  console.log(
    `Targets: performance ≥ ${TARGETS.performance}, accessibility, best practices and SEO 100.`,
  );
} finally {
  await chrome?.kill();
  stopServer();
}
