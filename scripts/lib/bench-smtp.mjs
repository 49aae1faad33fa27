// A local SMTP server for the deliveries scenario of `npm run bench:api` (the `smtp-server`
// package, as apps/server/test/outbox-fakes.ts uses it): it accepts every message and keeps, for
// each, when it arrived and its decoded text, for the benchmark to count by a key of its own.
import { SMTPServer } from 'smtp-server';

/** The text of a single-part message: its body after the headers, transfer encoding undone. */
export function messageText(raw) {
  const split = raw.search(/\r?\n\r?\n/);
  const headers = split < 0 ? raw : raw.slice(0, split);
  const body = split < 0 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const encoding = /^content-transfer-encoding:\s*([^\r\n;]+)/im.exec(headers)?.[1]?.trim();
  if (/^quoted-printable$/i.test(encoding ?? '')) {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  if (/^base64$/i.test(encoding ?? '')) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  return body;
}

/**
 * Listens on 127.0.0.1:`port`; `received` lists `{ at, to, text }` (`at`: performance.now()) in
 * the order the messages were accepted.
 */
export async function startBenchSmtp(port) {
  const received = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks = [];
      stream.on('data', (chunk) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          at: performance.now(),
          to: session.envelope.rcptTo.map((r) => r.address),
          text: messageText(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    port,
    received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
