// The cases scenario of `npm run bench:api` (its targets: ADR 014), on a fresh database of its own:
// median answer times, one request at a time, of the first page of 20 for staff and for a client
// and of a search, with 1,000 and then 100,000 cases; and the server's RSS around a 25 MB upload
// and download. Figures on a shared machine are indicative.
import { PASSWORD, json, scratchDatabase, timeGet, registerOwner } from './bench-kit.mjs';
import { ensureClients, openDatabase, seedCases } from './seed-cases-sql.mjs';

const N = Number(process.env.BENCH_CASES_N ?? 200);
/** BENCH_EXPLAIN=1 prints, at each size, the plans of the searches' case queries. */
const EXPLAIN = process.env.BENCH_EXPLAIN === '1';

/** The staff search's page and count queries (cases.repository's SQL, written out). */
const SEARCHED = `(case_number || ' ' || title || ' ' || coalesce(court_case_number, '')) ilike $1`;
async function explainSearches(database) {
  for (const term of ['HCCC E424', 'MWA/1900/0425']) {
    for (const [what, sql] of [
      ['page', `select id from cases where ${SEARCHED} order by updated_at desc, id desc limit 20`],
      ['count', `select count(*) from cases where ${SEARCHED}`],
    ]) {
      const plan = await database.query(`explain (analyze, buffers, costs off) ${sql}`, [
        `%${term}%`,
      ]);
      console.log(`  -- ${what} of "${term}"`);
      for (const row of plan) console.log(`     ${Object.values(row)[0]}`);
    }
  }
}
const SIZES = (process.env.BENCH_CASES_SIZES ?? '1000,100000').split(',').map(Number);

/** An owner advocate and a client who has chosen a password, through the API. */
async function accounts(base) {
  const owner = await registerOwner(base, 'bench-cases-advocate@example.test');
  const created = await json(
    base,
    'POST',
    '/api/user-management/create-client',
    { firstName: 'Bench', lastName: 'Client', email: 'bench-cases-client@example.test' },
    owner.token,
  );
  const login = await json(base, 'POST', '/api/auth/login', {
    email: 'bench-cases-client@example.test',
    password: created.temporaryPassword,
  });
  await json(
    base,
    'POST',
    '/api/auth/change-password',
    { currentPassword: created.temporaryPassword, newPassword: PASSWORD },
    login.token,
  );
  return {
    owner: owner.token,
    ownerId: owner.user.id,
    client: login.token,
    clientId: created.user.id,
  };
}

/** The highest RSS seen while `work` runs, sampled every 10 ms (a peak between samples is missed). */
async function peakRss(rssMb, pid, work) {
  let peak = rssMb(pid);
  const timer = setInterval(() => {
    peak = Math.max(peak, rssMb(pid));
  }, 10);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, rssMb(pid)) };
  } finally {
    clearInterval(timer);
  }
}

async function uploadAndDownload(base, token, rssMb, pid) {
  const before = rssMb(pid);
  const { cases } = await json(base, 'GET', '/api/cases?limit=1', undefined, token);
  const bytes = Buffer.alloc(25 * 1024 * 1024 - 1024, 0x20);
  Buffer.from('%PDF-1.4\n').copy(bytes);
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'application/pdf' }), 'big.pdf');
  const up = await peakRss(rssMb, pid, async () => {
    const uploaded = await fetch(`${base}/api/cases/${cases[0].id}/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (uploaded.status !== 201)
      throw new Error(`upload: ${uploaded.status} ${await uploaded.text()}`);
    return (await uploaded.json()).document;
  });
  const afterUpload = rssMb(pid);
  const down = await peakRss(rssMb, pid, async () => {
    const download = await fetch(`${base}/api/cases/${cases[0].id}/documents/${up.result.id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    let received = 0;
    for await (const chunk of download.body) received += chunk.length;
    return received;
  });
  const afterDownload = rssMb(pid);
  return {
    before,
    afterUpload,
    afterDownload,
    peak: Math.max(up.peak, down.peak),
    received: down.result,
  };
}

/**
 * Runs the scenario for one database. `startServer(env)` and `rssMb(pid)` are bench-api's.
 * `databaseUrl`: a PostgreSQL server URL (a fresh database is made there); unset: PGlite.
 */
export async function benchCases({ name, startServer, rssMb, databaseUrl }) {
  console.log(`\n== cases on ${name} (medians of ${N} requests, one at a time)`);
  const scratch = await scratchDatabase('cases', databaseUrl);
  const { env, dataDir } = scratch;
  try {
    let server = await startServer(env);
    const who = await accounts(server.base);
    let seeded = 0;
    const figures = new Map();
    for (const size of SIZES) {
      // The embedded database has one user at a time: seed with the server stopped.
      await server.stop();
      const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
      try {
        const clientIds = await ensureClients(database, 999, [who.clientId]);
        await seedCases(database, {
          from: seeded + 1,
          to: size,
          clientIds,
          assigneeId: who.ownerId,
        });
        if (EXPLAIN) await explainSearches(database);
      } finally {
        await database.close();
      }
      seeded = size;
      server = await startServer(env);
      const staff = await timeGet(server.base, '/api/cases?page=1&limit=20', who.owner, N);
      const client = await timeGet(server.base, '/api/cases?page=1&limit=20', who.client, N);
      // A court number prefix: 1 match at 1,000 cases, 111 at 100,000 (E424, E4240…, E42400…).
      const search = await timeGet(
        server.base,
        '/api/cases?search=HCCC%20E424&limit=20',
        who.owner,
        N,
      );
      // One file number: 1 match at either size, so only the table grows.
      const fileNumber = await timeGet(
        server.base,
        '/api/cases?search=MWA%2F1900%2F0425&limit=20',
        who.owner,
        N,
      );
      // A client's name: the path through the trigram index over users' names.
      const clientName = await timeGet(
        server.base,
        '/api/cases?search=bench%20client&limit=20',
        who.owner,
        N,
      );
      figures.set(size, { staff, client, search, fileNumber, clientName });
      console.log(
        `${String(size).padStart(7)} cases: staff first page ${staff.toFixed(2)} ms, client first page ${client.toFixed(2)} ms, search ${search.toFixed(2)} ms, file-number search ${fileNumber.toFixed(2)} ms, client-name search ${clientName.toFixed(2)} ms`,
      );
    }
    const [small, large] = [figures.get(SIZES[0]), figures.get(SIZES.at(-1))];
    if (small && large && SIZES.length > 1) {
      const ratios = Object.keys(small)
        .map((key) => `${key} ${(large[key] / small[key]).toFixed(2)}×`)
        .join(', ');
      const slowest = Math.max(...Object.values(large));
      console.log(
        `target: each median ≤ 10 ms on PostgreSQL (slowest at ${SIZES.at(-1)}: ${slowest.toFixed(2)} ms); ${SIZES.at(-1)} vs ${SIZES[0]} ≤ 1.5×: ${ratios}`,
      );
    }
    const rss = await uploadAndDownload(server.base, who.owner, rssMb, server.pid);
    console.log(
      `RSS around a 25 MB upload and download: ${rss.before} MB before, peak ${rss.peak} MB during (+${rss.peak - rss.before} MB; target ≤ +50), ${rss.afterUpload} MB after the upload, ${rss.afterDownload} MB after the download (${(rss.received / 1048576).toFixed(1)} MB received)`,
    );
    await server.stop();
  } finally {
    await scratch.dispose();
  }
}
