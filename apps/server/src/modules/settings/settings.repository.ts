import type { AuditLogFilters } from '@firm/shared';
import { FIRM_TIME_ZONE } from '@firm/shared';
import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import { countAll, likePattern, offsetOf, rowsAndTotal } from '../../db/list-queries';
import { auditLog, dataRequests, users, type DataRequestRow } from '../../db/schema';

const actors = alias(users, 'actors');
const targets = alias(users, 'targets');

/** Name or email of a joined person (actors or targets) contains `text` (any case). */
function personMatches(
  person: { email: AnyPgColumn; firstName: AnyPgColumn; lastName: AnyPgColumn },
  text: string,
): SQL {
  const pattern = likePattern(text.toLowerCase());
  return sql`(lower(${person.email}) like ${pattern} or lower(${person.firstName} || ' ' || ${person.lastName}) like ${pattern})`;
}

/**
 * The WHERE of an audit query. Days are Nairobi days: `from` at 00:00 there, `to` until the next
 * midnight. A deleted person is no longer joined, but their email stays in `details` (ADR 006), so
 * the person filter also looks there.
 */
function auditWhere(filters: AuditLogFilters): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (filters.person) {
    const pattern = likePattern(filters.person.toLowerCase());
    conditions.push(
      or(
        personMatches(actors, filters.person),
        and(
          sql`${auditLog.actorId} is null`,
          sql`lower(${auditLog.details}->>'email') like ${pattern}`,
        ),
      ),
    );
  }
  if (filters.target) {
    const pattern = likePattern(filters.target.toLowerCase());
    conditions.push(
      or(
        personMatches(targets, filters.target),
        sql`lower(${auditLog.details}->>'email') like ${pattern}`,
      ),
    );
  }
  if (filters.action) conditions.push(eq(auditLog.action, filters.action));
  if (filters.from) {
    conditions.push(
      sql`${auditLog.createdAt} >= (${filters.from}::date)::timestamp at time zone ${FIRM_TIME_ZONE}`,
    );
  }
  if (filters.to) {
    conditions.push(
      lt(
        auditLog.createdAt,
        sql`((${filters.to}::date + 1)::timestamp at time zone ${FIRM_TIME_ZONE})`,
      ),
    );
  }
  return and(...conditions);
}

const auditSelection = {
  id: auditLog.id,
  action: auditLog.action,
  ip: auditLog.ip,
  details: auditLog.details,
  createdAt: auditLog.createdAt,
  actorId: actors.id,
  actorFirstName: actors.firstName,
  actorLastName: actors.lastName,
  actorEmail: actors.email,
  targetId: targets.id,
  targetFirstName: targets.firstName,
  targetLastName: targets.lastName,
  targetEmail: targets.email,
};

function auditQuery(db: Executor, filters: AuditLogFilters) {
  return db
    .select(auditSelection)
    .from(auditLog)
    .leftJoin(actors, eq(actors.id, auditLog.actorId))
    .leftJoin(targets, eq(targets.id, auditLog.targetUserId))
    .where(auditWhere(filters))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id));
}

export type AuditRowWithPeople = Awaited<ReturnType<typeof auditQuery>>[number];

export async function listAuditRows(db: Executor, filters: AuditLogFilters) {
  return rowsAndTotal(
    auditQuery(db, filters).limit(filters.limit).offset(offsetOf(filters)),
    db
      .select({ total: countAll() })
      .from(auditLog)
      .leftJoin(actors, eq(actors.id, auditLog.actorId))
      .leftJoin(targets, eq(targets.id, auditLog.targetUserId))
      .where(auditWhere(filters)),
  );
}

/** The export reads in pages of this many rows, so a long log is never held whole in memory. */
const EXPORT_BATCH = 500;

export async function* auditRowsForExport(
  db: Executor,
  filters: AuditLogFilters,
  maxRows: number,
): AsyncGenerator<AuditRowWithPeople[]> {
  for (let offset = 0; offset < maxRows; offset += EXPORT_BATCH) {
    const rows = await auditQuery(db, filters)
      .limit(Math.min(EXPORT_BATCH, maxRows - offset))
      .offset(offset);
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < EXPORT_BATCH) return;
  }
}

export async function distinctAuditActions(db: Executor): Promise<string[]> {
  const rows = await db
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .orderBy(auditLog.action);
  return rows.map((row) => row.action);
}

// ---------------------------------------------------------------------------------------------
// Data-protection requests

const handlers = alias(users, 'handlers');

export async function listDataRequests(db: Executor) {
  return (
    db
      .select({
        request: dataRequests,
        handler: { id: handlers.id, firstName: handlers.firstName, lastName: handlers.lastName },
      })
      .from(dataRequests)
      .leftJoin(handlers, eq(handlers.id, dataRequests.handledById))
      // Open ones first, then the newest.
      .orderBy(sql`${dataRequests.status} = 'open' desc`, desc(dataRequests.createdAt))
  );
}

export async function findDataRequestForUpdate(
  tx: Executor,
  id: string,
): Promise<DataRequestRow | undefined> {
  const [row] = await tx.select().from(dataRequests).where(eq(dataRequests.id, id)).for('update');
  return row;
}

export async function updateDataRequest(
  tx: Executor,
  id: string,
  patch: Partial<typeof dataRequests.$inferInsert>,
): Promise<DataRequestRow> {
  const [row] = await tx.update(dataRequests).set(patch).where(eq(dataRequests.id, id)).returning();
  return row!;
}
