// Bundles the server into dist/server.js. Packages from node_modules stay external; the shared
// workspace package (TypeScript source) is bundled in.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server.ts'],
  outfile: 'dist/server.js',
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
