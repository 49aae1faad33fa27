import type { PartyRole } from '@firm/shared';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { caseParties, cases, users } from '../../db/schema';

/** The conflict-of-interest search over clients and cases' parties (case-conflicts.service.ts). */

export interface ConflictHit {
  name: string;
  matchedName: string;
  source: 'client' | 'party';
  role: PartyRole | null;
  caseId: string | null;
  caseNumber: string | null;
  similarity: number;
}

/**
 * People who resemble `name` (pg_trgm: `%` with the default threshold 0.3, indexed): client
 * accounts other than `exceptClientId`, and parties of cases other than `exceptCaseId`.
 */
export async function findSimilarPeople(
  db: Executor,
  name: string,
  options: { exceptClientId?: string; exceptCaseId?: string; clients: boolean },
): Promise<ConflictHit[]> {
  const hits: ConflictHit[] = [];
  const clientName = sql`(${users.firstName} || ' ' || ${users.lastName})`;
  if (options.clients) {
    const clients = await db
      .select({
        id: users.id,
        matchedName: sql<string>`${clientName}`,
        similarity: sql<number>`similarity(${clientName}, ${name})`.mapWith(Number),
      })
      .from(users)
      .where(
        and(
          eq(users.role, 'client'),
          sql`${clientName} % ${name}`,
          options.exceptClientId ? ne(users.id, options.exceptClientId) : undefined,
        ),
      )
      .orderBy(desc(sql`similarity(${clientName}, ${name})`))
      .limit(10);
    for (const c of clients) {
      hits.push({
        name,
        matchedName: c.matchedName,
        source: 'client',
        role: null,
        caseId: null,
        caseNumber: null,
        similarity: c.similarity,
      });
    }
  }
  const parties = await db
    .select({
      matchedName: caseParties.name,
      role: caseParties.role,
      caseId: cases.id,
      caseNumber: cases.caseNumber,
      similarity: sql<number>`similarity(${caseParties.name}, ${name})`.mapWith(Number),
    })
    .from(caseParties)
    .innerJoin(cases, eq(cases.id, caseParties.caseId))
    .where(
      and(
        sql`${caseParties.name} % ${name}`,
        options.exceptCaseId ? ne(cases.id, options.exceptCaseId) : undefined,
      ),
    )
    .orderBy(desc(sql`similarity(${caseParties.name}, ${name})`))
    .limit(10);
  for (const p of parties) hits.push({ name, source: 'party', ...p });
  return hits;
}
