// Bundles the server into dist/server.js, and dist/init-data-dir.js (run by the server in a child
// process to create a new embedded database). Packages from node_modules stay external; the shared
// workspace package (TypeScript source) is bundled in.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts', 'src/init-data-dir.ts'],
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
