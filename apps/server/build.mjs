// Bundles the server into dist/server-main.js, started by dist/server.js (src/launch.ts, which
// first refuses a Node.js older than 24 in one line: ADR 038), dist/backup-cli.js (npm run backup,
// ADR 039), dist/init-data-dir.js (run by the server in a child process to create a new embedded
// database) and dist/pdf-render-worker.js (the PDF threads). Packages from node_modules stay external; the shared workspace package
// (TypeScript source) is bundled in. `node build.mjs <folder>` writes elsewhere than dist/ (a
// test runs the built entry from a temporary folder).
import { build } from 'esbuild';

await build({
  entryPoints: [
    { in: 'src/launch.ts', out: 'server' },
    { in: 'src/server.ts', out: 'server-main' },
    { in: 'src/init-data-dir.ts', out: 'init-data-dir' },
    // `npm run backup` (scripts/backup.mjs, ADR 039).
    { in: 'src/backup-cli.ts', out: 'backup-cli' },
    // The PDF pool's worker thread (src/modules/billing/pdf-render-pool.ts), beside server.js.
    { in: 'src/modules/billing/pdf-render-worker.ts', out: 'pdf-render-worker' },
  ],
  outdir: process.argv[2] ?? 'dist',
  bundle: true,
  platform: 'node',
  target: 'node24',
  format: 'esm',
  sourcemap: true,
  logLevel: 'warning',
  plugins: [
    {
      name: 'externalize-node-modules',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@firm/') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
