import path from 'node:path';
import { PROFILE_MESSAGES } from '@firm/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advocatePayload, bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { SUPER_KEY_FILE } from '../../lib/super-key';
import { writeAudit } from '../audit/audit-log.repository';

/** System Settings' behaviour: the audit log and its CSV, requests, the super key. */

describe('System Settings', () => {
  let ctx: TestContext;
  let advocate: string;
  let advocateId: string;
  let seq = 0;
  beforeAll(async () => {
    ctx = await createTestContext();
    const user = await seedUser(ctx, { role: 'advocate', email: 'owner@settings.test' });
    advocateId = user.id;
    advocate = await sessionFor(ctx, user);
  });
  afterAll(() => ctx.close());

  const get = (url: string) =>
    ctx.app.inject({
      method: 'GET',
      url,
      headers: bearer(advocate),
      remoteAddress: `10.66.0.${(seq += 1)}`,
    });

  it('filters the audit log by person, action, target and Nairobi days, paged', async () => {
    const client = await seedUser(ctx, {
      role: 'client',
      email: 'halima@settings.test',
      firstName: 'Halima',
      lastName: 'Yusuf',
    });
    const db = ctx.database.db;
    await writeAudit(db, {
      actorId: client.id,
      action: 'profile.updated',
      targetUserId: client.id,
    });
    await writeAudit(db, { actorId: advocateId, action: 'user.created', targetUserId: client.id });
    await writeAudit(db, {
      actorId: advocateId,
      action: 'user.activated',
      targetUserId: advocateId,
    });

    const byPerson = (await get('/api/settings/audit-log?person=halima')).json();
    expect(byPerson.entries.map((entry: { action: string }) => entry.action)).toEqual([
      'profile.updated',
    ]);
    expect(byPerson.entries[0].actor).toMatchObject({ name: 'Halima Yusuf' });

    const byTarget = (await get('/api/settings/audit-log?target=Yusuf&action=user.created')).json();
    expect(byTarget.total).toBe(1);
    expect(byTarget.actions).toEqual(
      expect.arrayContaining(['profile.updated', 'user.created', 'user.activated']),
    );

    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Africa/Nairobi' });
    expect((await get(`/api/settings/audit-log?from=${today}&to=${today}`)).json().total).toBe(3);
    expect((await get('/api/settings/audit-log?to=2000-01-01')).json().total).toBe(0);

    const paged = (await get('/api/settings/audit-log?limit=2&page=2')).json();
    expect(paged).toMatchObject({ total: 3, pagination: { page: 2, limit: 2, pages: 2 } });
    expect(paged.entries).toHaveLength(1);

    const bad = await get('/api/settings/audit-log?from=yesterday&page=0');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(expect.arrayContaining(['from', 'page']));
  });

  it('exports the filtered log as CSV, neutralising formulas, and records the export', async () => {
    const villain = await seedUser(ctx, {
      role: 'client',
      email: 'villain@settings.test',
      firstName: '=HYPERLINK("http://evil.test")',
      lastName: '@x',
    });
    await writeAudit(ctx.database.db, {
      actorId: villain.id,
      action: 'profile.updated',
      targetUserId: villain.id,
      details: { note: '+1', title: 'x;=1+1' },
    });
    const response = await get('/api/settings/audit-log/csv?person=villain');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="audit-log-/);
    const lines = response.body
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe(
      'Time (UTC),Action,By (name),By (email),Target (name),Target (email),IP address,Details',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.test"") '@x"`);
    expect(lines[1]).not.toMatch(/,=|,\+|,@|,-/);
    // A spreadsheet splitting on semicolons instead meets no formula either (ADR 016).
    for (const cell of lines[1]!.split(';')) expect(cell).not.toMatch(/^"*[=+\-@]/);

    const log = (await get('/api/settings/audit-log?action=audit_log.exported')).json();
    expect(log.entries[0].details).toEqual({ filters: { person: 'villain' } });
  });

  it('exports formulas typed into a case and a client record through the API as plain text', async () => {
    const client = await seedUser(ctx, {
      role: 'client',
      email: 'achieng.otieno@settings.test',
      firstName: 'Achieng',
      lastName: 'Otieno',
    });
    await seedUser(ctx, {
      role: 'client',
      email: 'brian.njoroge@settings.test',
      firstName: 'Brian',
      lastName: 'Njoroge-Wafula',
    });
    const send = (method: 'POST' | 'PATCH', url: string, payload: object) =>
      ctx.app.inject({
        method,
        url,
        payload,
        headers: bearer(advocate),
        remoteAddress: `10.66.1.${(seq += 1)}`,
      });
    const created = await send('POST', '/api/cases', {
      title: '=1+1',
      description: ';=1+1',
      category: 'property',
      priority: 'low',
      clientId: client.id,
      parties: [
        { role: 'opposing_party', name: '=HYPERLINK("http://evil.test")' },
        // A client of the firm: the conflict check matches, and the clearance reason is audited.
        { role: 'opposing_party', name: 'Brian Njoroge-Wafula' },
      ],
      conflictCheck: { cleared: true, reason: '-2+3 checked' },
    });
    expect(created.statusCode, created.body).toBe(201);
    // The last one makes the person's name, a cell of its own, start with a formula.
    for (const name of [
      { lastName: '+1-Otieno' },
      { lastName: ';=1+1' },
      { lastName: '@SUM(1)' },
      { firstName: '=2+5' },
    ]) {
      const renamed = await send('PATCH', `/api/clients/${client.id}`, name);
      expect(renamed.statusCode, renamed.body).toBe(200);
    }
    const response = await get('/api/settings/audit-log/csv');
    expect(response.statusCode).toBe(200);
    // What was typed is there, for the reader to see (neutralised, not dropped)...
    for (const typed of ['HYPERLINK', '1+1', 'SUM(1)', '+1-Otieno', '-2+3 checked', '=2+5']) {
      expect(response.body).toContain(typed);
    }
    // ...and no cell starts a formula, whether a spreadsheet splits on commas, semicolons or tabs.
    const formulas = response.body
      .split(/\r?\n/)
      .flatMap((line) => line.split(/[,;\t]/))
      .map((cell) => cell.replace(/^[\s"]+/, ''))
      .filter((cell) => /^[=+\-@]/.test(cell) && !/^-?\d/.test(cell));
    expect(formulas).toEqual([]);
  });

  it('moves a data-protection request: refusing needs a reason, which the person then reads', async () => {
    const client = await seedUser(ctx, { role: 'client', email: 'asks@settings.test' });
    const clientToken = await sessionFor(ctx, client);
    const filed = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/data-requests',
      headers: bearer(clientToken),
      payload: { message: 'Delete everything' },
    });
    const id = filed.json().request.id as string;

    const listed = (await get('/api/settings/data-requests')).json();
    expect(listed.requests[0]).toMatchObject({ id, status: 'open', requesterEmail: client.email });

    const put = (payload: object) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/settings/data-requests/${id}`,
        headers: bearer(advocate),
        payload,
      });
    const noReason = await put({ status: 'refused' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: PROFILE_MESSAGES.refusalReasonRequired });

    const refused = await put({ status: 'refused', reason: 'Your case file is kept 7 years.' });
    expect(refused.statusCode).toBe(200);
    expect(refused.json().request).toMatchObject({
      status: 'refused',
      handledBy: { id: advocateId },
    });
    const own = await ctx.app.inject({
      method: 'GET',
      url: '/api/profile/data-requests',
      headers: bearer(clientToken),
    });
    expect(own.json().requests[0]).toMatchObject({
      status: 'refused',
      reason: 'Your case file is kept 7 years.',
      handledBy: null,
    });
    // The person files again; reopening the refused one would make two open: 409, not 500.
    const second = await ctx.app.inject({
      method: 'POST',
      url: '/api/profile/data-requests',
      headers: bearer(clientToken),
      payload: {},
    });
    expect(second.statusCode).toBe(201);
    const reopened = await put({ status: 'open' });
    expect(reopened.statusCode).toBe(409);
    expect(reopened.json()).toMatchObject({
      message: PROFILE_MESSAGES.anotherRequestOpen,
      code: 'DATA_REQUEST_OPEN',
    });

    const unknown = await ctx.app.inject({
      method: 'PUT',
      url: '/api/settings/data-requests/00000000-0000-4000-8000-000000000009',
      headers: bearer(advocate),
      payload: { status: 'done' },
    });
    expect(unknown.statusCode).toBe(404);
    const audit = (await get('/api/settings/audit-log?action=data_request.updated')).json();
    expect(audit.entries[0].details).toMatchObject({ from: 'open', to: 'refused' });
  });

  it('rotates a generated key: the old one fails at once, the new one registers', async () => {
    const status = (await get('/api/settings/super-key')).json();
    expect(status).toMatchObject({ source: 'file', rotatable: true });
    expect(JSON.stringify(status)).not.toMatch(/superKey/);
    // The screen names no server path: the answer carries none.
    expect(status).toEqual({ source: 'file', rotatable: true });

    const { readFileSync } = await import('node:fs');
    const keyFile = path.join(ctx.config.dataDir, SUPER_KEY_FILE);
    const oldKey = readFileSync(keyFile, 'utf8').trim();
    const verify = (superKey: string) =>
      ctx.app.inject({
        method: 'POST',
        url: '/api/auth/verify-super-key',
        payload: { superKey },
        remoteAddress: `10.66.1.${(seq += 1)}`,
      });
    expect((await verify(oldKey)).statusCode).toBe(200);

    const rotated = await ctx.app.inject({
      method: 'POST',
      url: '/api/settings/super-key/rotate',
      headers: bearer(advocate),
    });
    expect(rotated.statusCode).toBe(200);
    const newKey = rotated.json().superKey as string;
    expect(newKey).not.toBe(oldKey);
    expect(readFileSync(keyFile, 'utf8').trim()).toBe(newKey);
    expect((await import('node:fs')).statSync(keyFile).mode & 0o777).toBe(0o600);

    expect((await verify(oldKey)).statusCode).toBe(401);
    expect((await verify(newKey)).statusCode).toBe(200);
    const registered = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: advocatePayload({ email: 'second@settings.test', superKey: newKey }),
      remoteAddress: '10.66.2.1',
    });
    expect(registered.statusCode).toBe(202);

    const audit = (await get('/api/settings/audit-log?action=super_key.rotated')).json();
    expect(audit.total).toBe(1);
    expect(JSON.stringify(audit)).not.toContain(newKey);
  });
});

describe('a key from the environment', () => {
  it('is not rotated here, and says so', async () => {
    const ctx = await createTestContext({ ADVOCATE_SUPER_KEY: 'environment-key-0123456789' });
    try {
      const user = await seedUser(ctx, { role: 'advocate', email: 'env@settings.test' });
      const token = await sessionFor(ctx, user);
      const status = await ctx.app.inject({
        method: 'GET',
        url: '/api/settings/super-key',
        headers: bearer(token),
      });
      expect(status.json()).toEqual({ source: 'environment', rotatable: false });
      const rotate = await ctx.app.inject({
        method: 'POST',
        url: '/api/settings/super-key/rotate',
        headers: bearer(token),
      });
      expect(rotate.statusCode).toBe(409);
      expect(rotate.json().code).toBe('SUPER_KEY_NOT_ROTATABLE');
    } finally {
      await ctx.close();
    }
  });
});
