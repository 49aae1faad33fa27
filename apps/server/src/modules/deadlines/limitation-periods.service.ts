import { LIMITATION_TEXTS } from '@firm/shared/deadlines/texts';
import type { LimitationPeriodsInput } from '@firm/shared/deadlines/schemas';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import { listLimitationPeriods, replaceLimitationPeriods } from './limitation-periods.repository';

type Row = Awaited<ReturnType<typeof listLimitationPeriods>>[number];

const asPeriod = ({ kind, label, amount, unit, source, notice }: Row) => ({
  kind,
  label,
  amount,
  unit: unit as 'days' | 'months' | 'years',
  source,
  notice,
});

/** GET /api/settings/limitation-periods. */
export async function limitationPeriodsAnswer(db: Db) {
  const rows = await listLimitationPeriods(db);
  const latest = rows.reduce<Date | null>(
    (last, row) => (row.updatedById && (!last || row.updatedAt > last) ? row.updatedAt : last),
    null,
  );
  return {
    periods: rows.map(asPeriod),
    updatedAt: latest ? latest.toISOString() : null,
    guidance: LIMITATION_TEXTS.guidance,
  };
}

/** PUT /api/settings/limitation-periods: the whole table replaced, audited with what changed. */
export async function saveLimitationPeriods(
  db: Db,
  user: UserRow,
  input: LimitationPeriodsInput,
  meta: RequestMeta,
) {
  await db.transaction(async (tx) => {
    const before = (await replaceLimitationPeriods(tx, input, user.id)).map(asPeriod);
    const beforeByKind = new Map(before.map((period) => [period.kind, JSON.stringify(period)]));
    const afterKinds = new Set(input.periods.map((period) => period.kind));
    await writeAudit(tx, {
      actorId: user.id,
      action: 'limitation_periods.updated',
      ip: meta.ip,
      details: {
        added: input.periods.filter((p) => !beforeByKind.has(p.kind)).map((p) => p.kind),
        changed: input.periods
          .filter(
            (p) =>
              beforeByKind.has(p.kind) &&
              beforeByKind.get(p.kind) !== JSON.stringify(asPeriod(p as Row)),
          )
          .map((p) => p.kind),
        removed: before.filter((p) => !afterKinds.has(p.kind)).map((p) => p.kind),
      },
    });
  });
  return limitationPeriodsAnswer(db);
}
