import { DENIED_TEXTS, NO_ADMIN_PERMISSIONS, REPORT_TEXTS, type Report } from '@firm/shared';
import { describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { useReportsTestContext, ctx, headers, reportsOnly, OCTOBER } from './reports-test-kit';

/**
 * The reports: bad ranges and the CSV, the admin toggles that refuse them, and links only to lists
 * the reader may open and see whole.
 */

useReportsTestContext();

describe('GET /api/reports', () => {
  it('answers 400 with field messages for a bad range, and a CSV with each section', async () => {
    for (const [query, field] of [
      ['from=2026-10-31&to=2026-10-01', 'from'],
      ['from=2026-13-01&to=2026-12-31', 'from'],
      ['from=2026-10-01', 'to'],
      ['from=2000-01-01&to=2026-01-01', 'to'],
    ] as const) {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: `/api/reports/caseload?${query}`,
        headers,
      });
      expect(answer.statusCode, query).toBe(400);
      expect(
        answer.json().errors?.[field] ?? answer.json().fields?.[field],
        answer.body,
      ).toBeTruthy();
    }
    const unknown = await ctx.app.inject({ method: 'GET', url: '/api/reports/payroll', headers });
    expect(unknown.statusCode).toBe(400);

    const csv = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/caseload?${OCTOBER}&format=csv`,
      headers,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toContain(
      'report-caseload-2026-10-01-to-2026-10-31.csv',
    );
    expect(csv.body).toContain('Cases opened and closed, against the previous period');
    expect(csv.body).toContain('Opened,2,2');
    const audit = await ctx.app.inject({
      method: 'GET',
      url: '/api/settings/audit-log?action=report.exported',
      headers,
    });
    expect(audit.json().entries[0]).toMatchObject({
      action: 'report.exported',
      details: { report: 'caseload', from: '2026-10-01', to: '2026-10-31' },
    });
  });

  it('refuses an admin on the very next request once canAccessReports is switched off', async () => {
    const admin = await seedUser(ctx, {
      role: 'admin',
      email: 'grace.muthoni@firm.test',
      permissions: { canAccessReports: true, canOpenFiles: true },
    });
    const own = bearer(await sessionFor(ctx, admin));
    const read = () =>
      ctx.app.inject({ method: 'GET', url: `/api/reports/caseload?${OCTOBER}`, headers: own });
    expect((await read()).statusCode).toBe(200);
    const switched = await ctx.app.inject({
      method: 'PUT',
      url: `/api/user-management/admin/${admin.id}/permissions`,
      headers,
      payload: { permissions: { ...NO_ADMIN_PERMISSIONS, canOpenFiles: true } },
    });
    expect(switched.statusCode, switched.body).toBe(200);
    const refused = await read();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(DENIED_TEXTS['reports:view']);
    expect(refused.json().message).toContain(REPORT_TEXTS.accessDenied.replace(/\.$/, ''));
  });

  it('refuses the Money report, and its CSV, to an admin who may not open Billing', async () => {
    for (const url of [`/api/reports/money?${OCTOBER}`, `/api/reports/money?format=csv`]) {
      const refused = await ctx.app.inject({ method: 'GET', url, headers: reportsOnly });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(DENIED_TEXTS['reports:money']);
      expect(refused.json().message).toContain('“Manage Cases”');
    }
    const billing = await seedUser(ctx, {
      role: 'admin',
      email: 'wairimu.njeri-kamau@firm.test',
      permissions: { canAccessReports: true, canManageCases: true },
    });
    const read = await ctx.app.inject({
      method: 'GET',
      url: `/api/reports/money?${OCTOBER}`,
      headers: bearer(await sessionFor(ctx, billing)),
    });
    expect(read.statusCode, read.body).toBe(200);
    expect((read.json() as Report).kind).toBe('money');
  });

  it('links a figure only to a list the reader may open and see whole', async () => {
    const links = async (kind: string) => {
      const answer = await ctx.app.inject({
        method: 'GET',
        url: `/api/reports/${kind}?${OCTOBER}`,
        headers: reportsOnly,
      });
      expect(answer.statusCode).toBe(200);
      return (answer.json() as Report).sections.flatMap((section) =>
        section.rows.flatMap((row) => row.cells.map((cell) => cell.link)),
      );
    };
    // Without canOpenFiles, canManageCases, or the enquiry toggles: the numbers, no links.
    for (const kind of ['caseload', 'enquiries', 'service']) {
      expect(await links(kind), kind).toEqual(expect.not.arrayContaining([expect.any(String)]));
    }
    // Every admin lists the diary: those figures still link.
    expect((await links('appointments')).filter(Boolean).length).toBeGreaterThan(0);
  });
});
