import net from 'node:net';

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Bytes as received, for assertions that nothing was echoed. */
  raw: string;
}

/**
 * Sends bytes as they are over a plain socket (what a browser or `inject()` would never send) and
 * reads until the server closes the connection or `timeoutMs` passes.
 */
export function rawRequest(
  port: number,
  chunks: (string | Buffer)[],
  { timeoutMs = 5000 }: { timeoutMs?: number } = {},
): Promise<RawAnswer & { closedByServer: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const received: Buffer[] = [];
    let closedByServer = false;
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    socket.on('connect', () => {
      for (const chunk of chunks) socket.write(chunk);
    });
    socket.on('data', (data) => received.push(data));
    socket.on('end', () => {
      closedByServer = true;
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      // The server may reset the connection after answering: the answer is what counts.
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const raw = Buffer.concat(received).toString('latin1');
      const [head = '', body = ''] = raw.split('\r\n\r\n', 2);
      const [statusLine = '', ...headerLines] = head.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      resolve({
        status: Number(statusLine.split(' ')[1] ?? 0),
        headers,
        body,
        raw,
        closedByServer: closedByServer || raw.length > 0,
      });
    });
  });
}
