// `npm run bench:web`: Lighthouse (mobile preset: Moto G-class phone, slow 4G, 4× CPU slowdown)
// on every public page, served by the production build as `npm start` serves it, on a fresh
// DATA_DIR; then on the portal's pages signed in as a client who has cases, appointments and
// conversations, seeded through the API (scripts/lib/bench-portal.mjs). Prints each category
// score, LCP, TBT and the JavaScript and total bytes transferred, and marks figures that miss the
// targets (the portal's are its own). Figures, not a pass/fail test.
//   CHROME_PATH  Chromium to drive (default /usr/bin/chromium)
//   BENCH_PAGES  comma-separated paths to measure instead of every page; portal paths are measured
//                signed in, and `{case}` / `{conversation}` stand for the client's seeded ones
//   BENCH_RUNS   runs per page (default 3); the run with the median performance score is printed,
//                as Lighthouse advises: CPU-bound figures (TBT) vary from run to run
//   BENCH_SAVE   a directory to write each page's Lighthouse report (JSON) into
//   BENCH_DEBUG  also print the page's inspector issues, console errors and each script it downloaded
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import {
  PORTAL_PAGES,
  SUPER_KEY,
  isPortalPath,
  seedPortalClient,
  signInBrowser,
} from './lib/bench-portal.mjs';
import { freePort } from './lib/free-port.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TARGETS = { performance: 95, accessibility: 100, 'best-practices': 100, seo: 100 };
// The home page's budgets (ADR 010) (median run): React 19 itself, not a substitute runtime.
const HOME_JS_BUDGET_KB = 120;
const HOME_TOTAL_BUDGET_KB = 250;
const HOME_LCP_BUDGET_MS = 1500;
const HOME_TBT_BUDGET_MS = 150;
// The portal on a mid-range phone: signed-in pages are not indexed (no SEO target), and their
// blocking time is held to 200 ms.
const PORTAL_TARGETS = { performance: 90, accessibility: 100 };
const PORTAL_TBT_BUDGET_MS = 200;
// The policy pages are prose: no more JavaScript than the other public pages.
const POLICY_PAGES = ['/privacy', '/terms', '/cookies'];

const ALL_PAGES = process.env.BENCH_PAGES
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
      ...PORTAL_PAGES,
    ];
// Signed out first: a public page's header would otherwise load the session check.
const PAGES = ALL_PAGES.filter((page) => !isPortalPath(page));
const SIGNED_IN_PAGES = ALL_PAGES.filter((page) => isPortalPath(page));

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
    ADVOCATE_SUPER_KEY: SUPER_KEY,
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
    if (i > 600) throw new Error('the server did not start');
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
      else
        console.log(
          `  ${url}: run ${run + 1}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
        );
    }
    if (results.length === 0) throw new Error(`Lighthouse could not measure ${url}`);
    // Every run's figures, in the order measured: how far apart they are is the noise.
    if (results.length > 1)
      console.log(
        `  ${url}: runs: ${results
          .map(
            (lhr) =>
              `perf ${Math.round(lhr.categories.performance.score * 100)} TBT ${Math.round(lhr.audits['total-blocking-time'].numericValue)} LCP ${Math.round(lhr.audits['largest-contentful-paint'].numericValue)}`,
          )
          .join(' | ')}`,
      );
    results.sort((a, b) => a.categories.performance.score - b.categories.performance.score);
    return results[Math.floor((results.length - 1) / 2)];
  };
  let portal;
  for (const pagePath of [...PAGES, ...SIGNED_IN_PAGES]) {
    const signedIn = isPortalPath(pagePath);
    if (signedIn && !portal) {
      portal = await seedPortalClient(origin);
      await signInBrowser(chrome.port, origin, portal.token);
      console.log('\nSigned in as a client with 6 cases, 3 appointments and 3 conversations:');
    }
    const url = signedIn ? portal.fill(pagePath) : pagePath;
    const lhr = await measure(`${origin}${url}`);
    if (signedIn && new URL(lhr.finalDisplayedUrl).pathname !== new URL(`${origin}${url}`).pathname)
      console.log(`  ${pagePath}: ended at ${lhr.finalDisplayedUrl}: not signed in?`);
    const { categories, audits, runtimeError, runWarnings } = lhr;
    if (process.env.BENCH_SAVE) {
      mkdirSync(process.env.BENCH_SAVE, { recursive: true });
      const name = pagePath.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
      writeFileSync(path.join(process.env.BENCH_SAVE, `${name}.json`), JSON.stringify(lhr));
    }
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
      // Which scripts the main-thread time went to (evaluation, and parsing and compiling).
      for (const item of audits['bootup-time']?.details?.items ?? []) {
        console.log(
          `  script time ${String(Math.round(item.total)).padStart(5)} ms (run ${Math.round(item.scripting)}, parse ${Math.round(item.scriptParseCompile)}): ${item.url}`,
        );
      }
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
      // What cost the points, in the categories whose target applies to the page.
      failed: Object.entries(categories)
        .filter(([key]) => key in (signedIn ? PORTAL_TARGETS : TARGETS))
        .map(([, category]) => category)
        .flatMap((category) => category.auditRefs)
        .filter(
          (ref) => ref.weight > 0 && audits[ref.id]?.score !== null && audits[ref.id]?.score < 1,
        )
        .map((ref) => ref.id),
    };
    rows.push(row);
    const misses = Object.entries(signedIn ? PORTAL_TARGETS : TARGETS)
      .filter(([key, target]) => row[key] < target)
      .map(([key]) => key);
    if (signedIn && row.tbt > PORTAL_TBT_BUDGET_MS) misses.push('TBT');
    row.signedIn = signedIn;
    console.log(
      `${pagePath.padEnd(34)} perf ${String(row.performance).padStart(3)}  a11y ${String(row.accessibility).padStart(3)}  bp ${String(row['best-practices']).padStart(3)}  seo ${String(row.seo).padStart(3)}  ` +
        `LCP ${String(row.lcp).padStart(5)} ms  TBT ${String(row.tbt).padStart(4)} ms  JS ${kb(row.js).padStart(6)} KB  total ${kb(row.total).padStart(6)} KB` +
        (misses.length ? `  ← below target: ${misses.join(', ')} (${row.failed.join(', ')})` : ''),
    );
  }
  const publicRows = rows.filter((row) => !row.signedIn);
  const policyRows = publicRows.filter((row) => POLICY_PAGES.includes(row.page));
  const otherRows = publicRows.filter((row) => !POLICY_PAGES.includes(row.page));
  if (policyRows.length && otherRows.length) {
    const mostOther = Math.max(...otherRows.map((row) => row.js));
    const over = policyRows.filter((row) => row.js > mostOther);
    console.log(
      `\nPolicy pages: JS ${policyRows.map((row) => `${row.page} ${kb(row.js)} KB`).join(', ')}; ` +
        `the other public pages at most ${kb(mostOther)} KB` +
        (over.length ? `  ← more: ${over.map((row) => row.page).join(', ')}` : ''),
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
    `Targets: performance ≥ ${TARGETS.performance}, accessibility, best practices and SEO 100; ` +
      `signed-in portal pages: performance ≥ ${PORTAL_TARGETS.performance}, TBT ≤ ${PORTAL_TBT_BUDGET_MS} ms, accessibility 100.`,
  );
} finally {
  await chrome?.kill();
  stopServer();
}
