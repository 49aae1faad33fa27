import { createServer, type Server } from 'node:http';
import { createServer as createNetServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** A port nothing listens on now (taken and released), for a server that is "down" then "up". */
export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A message's Message-ID header, as it came. */
export const messageIdOf = (raw: string) =>
  /^message-id:\s*(\S+)/im.exec(raw.slice(0, raw.search(/\r?\n\r?\n/)))?.[1] ?? null;

/**
 * A real SMTP server on 127.0.0.1 (the `smtp-server` package nodemailer's authors publish):
 * it speaks the protocol to the app's nodemailer transport and keeps each message it accepts.
 * `refuse(address)` answers that recipient with a permanent 550. While `hold` is set, a message's
 * data is read and never answered (as a server that hangs, or a sender killed before the answer
 * came): it counts in `held` (and is kept in `heldMail`), not in `received`; `holdAfter` sets
 * `hold` by itself once that many messages were accepted. Each acceptance is Postfix's
 * "250 2.0.0 Ok: queued as Q000001", numbered in order.
 */
export async function startSmtpServer(port: number) {
  const received: ReceivedMail[] = [];
  const heldMail: ReceivedMail[] = [];
  const refused = new Set<string>();
  const state: { hold: boolean; held: number; holdAfter?: number } = { hold: false, held: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (refused.has(address.address)) {
        const error = new Error('5.1.1 Mailbox does not exist') as Error & { responseCode: number };
        error.responseCode = 550;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        if (state.holdAfter !== undefined && received.length >= state.holdAfter) state.hold = true;
        if (state.hold) {
          state.held += 1;
          heldMail.push(mail);
          return;
        }
        received.push(mail);
        callback(null, `Ok: queued as Q${String(received.length).padStart(6, '0')}`);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    received,
    heldMail,
    state,
    refuse: (address: string) => refused.add(address),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface AtRequest {
  path: string;
  apiKey: string | undefined;
  accept: string | undefined;
  contentType: string | undefined;
  form: Record<string, string>;
}

/**
 * A local Africa's Talking messaging API, written from its documentation: POST
 * /version1/messaging with form fields username, to, message and optional from, the key in an
 * `apiKey` header; the JSON answer lists each recipient with statusCode, status, messageId and
 * cost. `answerFor(number)` picks the answer per recipient: 101 Success by default.
 */
export async function startAfricasTalkingFake(
  answerFor: (number: string) => {
    httpStatus?: number;
    statusCode?: number;
    status?: string;
  } = () => ({}),
) {
  const requests: AtRequest[] = [];
  let nextId = 1;
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const form = Object.fromEntries(new URLSearchParams(body));
      requests.push({
        path: request.url ?? '',
        apiKey: request.headers.apikey as string | undefined,
        accept: request.headers.accept,
        contentType: request.headers['content-type'],
        form,
      });
      if (request.method !== 'POST' || request.url !== '/version1/messaging') {
        response.writeHead(404).end();
        return;
      }
      if (request.headers.apikey !== 'test-api-key') {
        response
          .writeHead(401, { 'content-type': 'text/plain' })
          .end('The supplied authentication is invalid');
        return;
      }
      const answer = answerFor(form.to ?? '');
      if (answer.httpStatus && answer.httpStatus !== 201) {
        response
          .writeHead(answer.httpStatus, { 'content-type': 'text/plain' })
          .end('Internal error');
        return;
      }
      const statusCode = answer.statusCode ?? 101;
      const isAccepted = statusCode >= 100 && statusCode <= 102;
      const messageId = isAccepted ? `ATXid_${String(nextId++).padStart(6, '0')}` : 'None';
      response.writeHead(201, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          SMSMessageData: {
            Message: isAccepted
              ? 'Sent to 1/1 Total Cost: KES 0.8000'
              : 'Sent to 0/1 Total Cost: 0',
            Recipients: [
              {
                statusCode,
                number: form.to,
                status: answer.status ?? 'Success',
                cost: isAccepted ? 'KES 0.8000' : '0',
                messageId,
              },
            ],
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
