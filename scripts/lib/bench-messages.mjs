// The messaging scenario of `npm run bench:api`, on a fresh database of its own:
//   (a) BENCH_STREAMS (500) people each hold GET /api/notifications/stream open; an advocate
//       sends BENCH_MESSAGES (100) messages, one at a time, each into a different person's
//       conversation; the time from the POST to the `event: message` on that person's stream,
//       p50 and p95;
//   (b) a conversation of BENCH_CONVERSATION_SIZE (10,000) messages: the median time of
//       GET /api/conversations/{id}/messages (the newest 50), one request at a time.
// People, sessions, conversations and messages are seeded straight into the database with SQL.
// Figures on a shared machine are indicative.
import { createHash, randomBytes } from 'node:crypto';
import { json, registerOwner, scratchDatabase } from './bench-kit.mjs';
import { openDatabase } from './seed-cases-sql.mjs';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 500);
const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100);
const CONVERSATION_SIZE = Number(process.env.BENCH_CONVERSATION_SIZE ?? 10_000);
const N = Number(process.env.BENCH_MESSAGES_N ?? 200);

const quantile = (values, q) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * q))];

/** Clients with a session each and one conversation each; returns their tokens and ids. */
async function seedPeople({ query }, count, ownerId) {
  const tokens = Array.from({ length: count }, () => randomBytes(32).toString('base64url'));
  const hashes = tokens.map((token) => createHash('sha256').update(token).digest('hex'));
  const users = await query(
    `insert into users (email, password_hash, first_name, last_name, role)
     select 'bench-stream-' || g || '@example.test', 'seeded-account-no-password', 'Stream',
            'Client ' || g, 'client'
     from generate_series(1, $1::int) g
     returning id, email`,
    [count],
  );
  users.sort((a, b) => a.email.localeCompare(b.email, 'en', { numeric: true }));
  const ids = users.map((row) => row.id);
  await query(
    `insert into sessions (user_id, token_hash, expires_at)
     select u, h, now() + interval '1 day' from unnest($1::uuid[], $2::text[]) as t(u, h)`,
    [ids, hashes],
  );
  const conversations = await query(
    `insert into conversations (client_id, subject, created_by)
     select u, 'Bench conversation', $2::uuid from unnest($1::uuid[]) with ordinality as t(u, n)
     returning id, client_id`,
    [ids, ownerId],
  );
  const byClient = new Map(conversations.map((row) => [row.client_id, row.id]));
  return ids.map((id, index) => ({ id, token: tokens[index], conversationId: byClient.get(id) }));
}

/** One conversation of `size` messages, alternating sides, a second apart, ending now. */
async function seedLongConversation({ query }, clientId, ownerId, size) {
  const [conversation] = await query(
    `insert into conversations (client_id, subject, created_by, created_at, last_message_at)
     values ($1, 'Ten thousand messages', $2, now() - ($3::int || ' seconds')::interval, now())
     returning id`,
    [clientId, ownerId, size + 1],
  );
  await query(
    `insert into messages (conversation_id, sender_id, from_client, body, created_at)
     select $1, case when g % 2 = 0 then $2::uuid else $3::uuid end, g % 2 = 0,
            'Message number ' || g || ' of the long conversation.',
            now() - (($4::int - g) || ' seconds')::interval
     from generate_series(1, $4::int) g`,
    [conversation.id, clientId, ownerId, size],
  );
  await query('analyze messages');
  return conversation.id;
}

/** Opens the stream and calls `onMessage(data)` for each `event: message`. */
async function openStream(base, token, onMessage, signal) {
  const response = await fetch(`${base}/api/notifications/stream`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal,
  });
  if (!response.ok) throw new Error(`stream: ${response.status}`);
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  let opened;
  const ready = new Promise((resolve) => (opened = resolve));
  void (async () => {
    let buffer = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        buffer += value;
        let boundary;
        while ((boundary = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, boundary);
          buffer = buffer.slice(boundary + 2);
          const event = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (event === 'unread-count') opened();
          if (event === 'message' && data) onMessage(JSON.parse(data));
        }
      }
    } catch {
      // aborted at the end
    }
  })();
  await ready;
}

export async function benchMessages({ name, startServer, rssMb, databaseUrl }) {
  console.log(`\n== messages on ${name}`);
  const scratch = await scratchDatabase('messages', databaseUrl);
  const { env, dataDir } = scratch;
  const streams = new AbortController();
  let server;
  try {
    server = await startServer(env);
    const owner = await registerOwner(server.base, 'bench-messages-advocate@example.test');
    // The embedded database has one user at a time: seed with the server stopped.
    if (!databaseUrl) await server.stop();
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    let people;
    let longId;
    try {
      people = await seedPeople(database, STREAMS, owner.user.id);
      longId = await seedLongConversation(database, people[0].id, owner.user.id, CONVERSATION_SIZE);
    } finally {
      await database.close();
    }
    if (!databaseUrl) server = await startServer(env);

    // (a) Streams held open, and the time from POST to arrival.
    const waiting = new Map();
    const rssBefore = rssMb(server.pid);
    const openStart = performance.now();
    for (let i = 0; i < people.length; i += 50) {
      await Promise.all(
        people.slice(i, i + 50).map((person) =>
          openStream(
            server.base,
            person.token,
            (data) => {
              const arrived = waiting.get(data.conversationId);
              if (arrived && data.kind === 'created') arrived(performance.now());
            },
            streams.signal,
          ),
        ),
      );
    }
    const openMs = performance.now() - openStart;
    console.log(
      `${people.length} streams open in ${(openMs / 1000).toFixed(1)} s; server RSS ${rssBefore} MB before, ${rssMb(server.pid)} MB with them open`,
    );
    const latencies = [];
    for (let i = 0; i < MESSAGES; i += 1) {
      // A different person each time (7 and the count share no factor when it is 500).
      const person = people[(i * 7) % people.length];
      const arrival = new Promise((resolve) => waiting.set(person.conversationId, resolve));
      const start = performance.now();
      await json(
        server.base,
        'POST',
        `/api/conversations/${person.conversationId}/messages`,
        { body: `Bench message ${i}` },
        owner.token,
      );
      const at = await arrival;
      waiting.delete(person.conversationId);
      latencies.push(at - start);
    }
    console.log(
      `POST → event on the recipient's stream over ${MESSAGES} messages: p50 ${quantile(latencies, 0.5).toFixed(1)} ms, p95 ${quantile(latencies, 0.95).toFixed(1)} ms`,
    );
    streams.abort();

    // (b) The newest page of a long conversation.
    const times = [];
    const url = `/api/conversations/${longId}/messages?limit=50`;
    for (let i = 0; i < N + 10; i += 1) {
      const start = performance.now();
      const response = await fetch(`${server.base}${url}`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      const page = await response.json();
      if (!response.ok || page.messages.length !== 50)
        throw new Error(`GET ${url}: ${response.status}`);
      if (i >= 10) times.push(performance.now() - start);
    }
    console.log(
      `GET the newest 50 of a ${CONVERSATION_SIZE}-message conversation: median ${quantile(times, 0.5).toFixed(2)} ms over ${N}`,
    );
  } finally {
    streams.abort();
    await server?.stop();
    await scratch.dispose();
  }
}
