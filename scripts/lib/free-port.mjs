import { createServer } from 'node:net';

/** A TCP port on 127.0.0.1 that nothing listens on now: where a benchmark starts its server. */
export async function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}
