import { randomUUID } from 'node:crypto';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { seedCase } from '../../../test/cases';
import { createTestContext, type TestContext } from '../../../test/helpers';
import type { CaseRow, UserRow } from '../../db/schema';

/**
 * What the time tests share: one app with an advocate (who bills), an admin who opens files but
 * does not manage cases (records their own time only), a client with two cases, and requests
 * through HTTP.
 */
export const the: {
  ctx: TestContext;
  advocate: UserRow;
  clerk: UserRow;
  client: UserRow;
  otherClient: UserRow;
  theCase: CaseRow;
  secondCase: CaseRow;
  otherCase: CaseRow;
  advocateToken: string;
  clerkToken: string;
  clientToken: string;
} = {} as never;

export const call = (
  token: string,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: unknown,
) =>
  the.ctx.app.inject({
    method,
    url,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
  });

/** A multipart/form-data body: text fields, then (when given) the receipt in field "file". */
export function expenseForm(
  fields: Record<string, string | number>,
  file?: { name: string; bytes: Buffer; type?: string },
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----time-test-${randomUUID()}`;
  const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
    ),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/pdf'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

export function useTimeTestContext(env: Record<string, string> = {}) {
  beforeAll(async () => {
    the.ctx = await createTestContext(env);
    the.advocate = await seedUser(the.ctx, { role: 'advocate', email: 'otieno@time.test' });
    the.clerk = await seedUser(the.ctx, {
      role: 'admin',
      email: 'clerk@time.test',
      permissions: { canOpenFiles: true },
    });
    the.client = await seedUser(the.ctx, { role: 'client', email: 'kamau@time.test' });
    the.otherClient = await seedUser(the.ctx, { role: 'client', email: 'wanjiku@time.test' });
    the.theCase = await seedCase(the.ctx, the.client.id);
    the.secondCase = await seedCase(the.ctx, the.client.id);
    the.otherCase = await seedCase(the.ctx, the.otherClient.id);
    the.advocateToken = await sessionFor(the.ctx, the.advocate);
    the.clerkToken = await sessionFor(the.ctx, the.clerk);
    the.clientToken = await sessionFor(the.ctx, the.client);
  });
  afterAll(() => the.ctx.close());
}
