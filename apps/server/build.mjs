// Bundles the server into dist/server.js, dist/backup-cli.js (npm run backup), dist/init-data-dir.js (run by the server in a child
// process to create a new embedded database) and dist/pdf-render-worker.js (the PDF threads). Packages from node_modules stay external; the shared
// workspace package (TypeScript source) is bundled in.
import { build } from 'esbuild';

await build({
  entryPoints: [
    { in: 'src/server.ts', out: 'server' },
    { in: 'src/init-data-dir.ts', out: 'init-data-dir' },
    // `npm run backup` (scripts/backup.mjs, ADR 039).
    { in: 'src/backup-cli.ts', out: 'backup-cli' },
    // The PDF pool's worker thread (src/modules/billing/pdf-render-pool.ts), beside server.js.
    { in: 'src/modules/billing/pdf-render-worker.ts', out: 'pdf-render-worker' },
  ],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  target: 'node20',
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
