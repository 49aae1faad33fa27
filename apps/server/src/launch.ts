// The built server's entry, dist/server.js: on a Node.js older than 24 it stops with one line
// before the server's modules, and the packages they import, load (a static import would load
// them first); then it loads the server, bundled beside it as dist/server-main.js (ADR 038).
import { requireNode } from '../../../scripts/lib/node-version.mjs';

requireNode('node apps/server/dist/server.js');
await import(new URL('./server-main.js', import.meta.url).href);
