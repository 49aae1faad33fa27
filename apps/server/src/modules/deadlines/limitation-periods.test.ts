import { LIMITATION_PERIOD_SEED } from '@firm/shared/deadlines/limitation-periods';
import { LIMITATION_TEXTS as T } from '@firm/shared/deadlines/texts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { createTestContext, type TestContext } from '../../../test/helpers';

describe('the firm’s table of limitation periods', () => {
  let ctx: TestContext;
  let advocate: { authorization: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    const owner = await seedUser(ctx, { role: 'advocate', email: 'owner@firm.test' });
    advocate = bearer(await sessionFor(ctx, owner));
  });
  afterAll(() => ctx.close());

  const url = '/api/settings/limitation-periods';
  const read = () => ctx.app.inject({ method: 'GET', url, headers: advocate });
  const save = (payload: object) =>
    ctx.app.inject({ method: 'PUT', url, headers: advocate, payload });

  it('starts with the periods of the Limitation of Actions Act and related statutes, each with its section', async () => {
    const response = await read();
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      periods: LIMITATION_PERIOD_SEED,
      updatedAt: null,
      guidance: T.guidance,
    });
  });

  it('refuses a bad table with a message per field, and keeps the old one', async () => {
    const response = await save({
      periods: [
        { kind: 'contract', label: ' ', amount: 0, unit: 'weeks', source: '' },
        { kind: 'contract', label: 'Again', amount: 6, unit: 'years', source: 'Cap 22, s.4' },
        { kind: 'Bad Kind', label: 'X', amount: 1.5, unit: 'years', source: 'Cap 22, s.4' },
      ],
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toMatchObject({
      'periods.0.label': T.labelRequired,
      'periods.0.amount': T.amountInvalid,
      'periods.0.unit': T.unitInvalid,
      'periods.0.source': T.sourceRequired,
      'periods.2.kind': T.kindInvalid,
      'periods.2.amount': T.amountInvalid,
    });
    const repeated = await save({
      periods: [
        { kind: 'contract', label: 'Contract', amount: 6, unit: 'years', source: 'Cap 22, s.4' },
        { kind: 'contract', label: 'Again', amount: 6, unit: 'years', source: 'Cap 22, s.4' },
      ],
    });
    expect(repeated.json().errors).toMatchObject({ 'periods.1.kind': T.kindRepeated });
    expect((await save({ periods: [] })).json().errors).toMatchObject({
      periods: T.periodsRequired,
    });
    expect((await read()).json().periods).toEqual(LIMITATION_PERIOD_SEED);
  });

  it('saves an edited table in its order and audits what was added, changed and removed', async () => {
    const [contract, tort] = LIMITATION_PERIOD_SEED;
    const periods = [
      { ...tort, amount: 4 },
      contract,
      {
        kind: 'arbitral_award',
        label: 'Enforcing an arbitral award',
        amount: 6,
        unit: 'years',
        source: 'Cap 22, s.4(1)(c)',
        notice: null,
      },
    ];
    const response = await save({ periods });
    expect(response.statusCode).toBe(200);
    expect(response.json().periods).toEqual(periods);
    expect(response.json().updatedAt).not.toBeNull();
    expect((await read()).json().periods).toEqual(periods);
    const [entry] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'limitation_periods.updated'));
    expect(entry?.details).toMatchObject({
      added: ['arbitral_award'],
      changed: ['tort'],
      removed: LIMITATION_PERIOD_SEED.slice(2).map((period) => period.kind),
    });
  });
});
