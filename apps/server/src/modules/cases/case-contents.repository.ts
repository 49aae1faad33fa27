import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/client';
import {
  caseDocuments,
  caseEvents,
  caseNotes,
  caseParties,
  cases,
  users,
  type CaseDocumentRow,
  type CaseEventRow,
  type CaseNoteRow,
  type CasePartyRow,
  expenses,
  timeEntries,
} from '../../db/schema';
import { fullName } from '../users/users.repository';
import { scopeCondition, type CaseScope } from './cases.repository';

/**
 * A case's contents: its parties, notes, documents and timeline as a reader in `scope` may see
 * them, and the writes that add to them or share them (cases.repository.ts holds the case rows).
 */

export interface CaseChildren {
  parties: CasePartyRow[];
  documents: (CaseDocumentRow & { uploaderName: string | null })[];
  notes: CaseNoteRow[];
  events: CaseEventRow[];
}

export async function loadCaseChildren(
  db: Executor,
  scope: CaseScope,
  caseId: string,
): Promise<CaseChildren> {
  const sharedOnly = (column: AnyPgColumn) => (scope.clientView ? eq(column, true) : undefined);
  const [parties, documents, notes, events] = await Promise.all([
    db
      .select()
      .from(caseParties)
      .where(eq(caseParties.caseId, caseId))
      .orderBy(asc(caseParties.createdAt)),
    db
      .select({ document: caseDocuments, uploaderName: sql<string | null>`${fullName(users)}` })
      .from(caseDocuments)
      .leftJoin(users, eq(users.id, caseDocuments.uploadedBy))
      .where(and(eq(caseDocuments.caseId, caseId), sharedOnly(caseDocuments.visibleToClient)))
      .orderBy(desc(caseDocuments.createdAt)),
    db
      .select()
      .from(caseNotes)
      .where(and(eq(caseNotes.caseId, caseId), sharedOnly(caseNotes.visibleToClient)))
      .orderBy(desc(caseNotes.createdAt)),
    db
      .select()
      .from(caseEvents)
      .where(and(eq(caseEvents.caseId, caseId), sharedOnly(caseEvents.visibleToClient)))
      .orderBy(asc(caseEvents.createdAt)),
  ]);
  return {
    parties,
    documents: documents.map((row) => ({ ...row.document, uploaderName: row.uploaderName })),
    notes,
    events,
  };
}

/**
 * The next number of `year`, inside the caller's transaction: the counter row is created or bumped
 * and stays locked until the transaction ends, so concurrent creates queue and none is reused (a
 * rolled-back create gives its number back with its transaction, nothing else ever saw it).
 */
export async function insertNote(
  tx: Executor,
  values: typeof caseNotes.$inferInsert,
): Promise<CaseNoteRow> {
  const [row] = await tx.insert(caseNotes).values(values).returning();
  return row!;
}

export async function insertDocument(
  tx: Executor,
  values: typeof caseDocuments.$inferInsert,
): Promise<CaseDocumentRow> {
  const [row] = await tx.insert(caseDocuments).values(values).returning();
  return row!;
}

export async function findDocument(
  db: Executor,
  scope: CaseScope,
  caseId: string,
  documentId: string,
): Promise<CaseDocumentRow | undefined> {
  const [row] = await db
    .select({ document: caseDocuments })
    .from(caseDocuments)
    .innerJoin(cases, eq(cases.id, caseDocuments.caseId))
    .where(
      and(
        eq(caseDocuments.id, documentId),
        eq(caseDocuments.caseId, caseId),
        scopeCondition(scope),
        scope.clientView ? eq(caseDocuments.visibleToClient, true) : undefined,
      ),
    )
    .limit(1);
  return row?.document;
}

export async function findNote(
  db: Executor,
  caseId: string,
  noteId: string,
): Promise<CaseNoteRow | undefined> {
  const [row] = await db
    .select()
    .from(caseNotes)
    .where(and(eq(caseNotes.id, noteId), eq(caseNotes.caseId, caseId)))
    .limit(1);
  return row;
}

/**
 * Shares a document or note with the client, or makes it internal, together with the timeline
 * event that announced it (`documents_uploaded` / `note_added` naming the item), so the client's
 * timeline shows exactly the items they see.
 */
export async function setItemVisibility(
  tx: Executor,
  item: { kind: 'document' | 'note'; caseId: string; id: string },
  visibleToClient: boolean,
): Promise<void> {
  if (item.kind === 'document') {
    await tx.update(caseDocuments).set({ visibleToClient }).where(eq(caseDocuments.id, item.id));
  } else {
    await tx
      .update(caseNotes)
      .set({ visibleToClient, sharedAt: visibleToClient ? sql`now()` : null })
      .where(eq(caseNotes.id, item.id));
  }
  const [type, key] =
    item.kind === 'document'
      ? (['documents_uploaded', 'documentId'] as const)
      : (['note_added', 'noteId'] as const);
  await tx
    .update(caseEvents)
    .set({ visibleToClient })
    .where(
      and(
        eq(caseEvents.caseId, item.caseId),
        eq(caseEvents.type, type),
        sql`${caseEvents.details} ->> ${key} = ${item.id}`,
      ),
    );
}

export async function deleteDocumentRow(tx: Executor, id: string): Promise<void> {
  await tx.delete(caseDocuments).where(eq(caseDocuments.id, id));
}

export async function countCaseContents(
  tx: Executor,
  caseId: string,
): Promise<{ documents: number; notes: number; time: number }> {
  const [row] = await tx
    .select({
      documents:
        sql<number>`(select count(*) from ${caseDocuments} where ${caseDocuments.caseId} = ${caseId})`.mapWith(
          Number,
        ),
      notes:
        sql<number>`(select count(*) from ${caseNotes} where ${caseNotes.caseId} = ${caseId})`.mapWith(
          Number,
        ),
      // Time and expenses recorded on it are the firm's records too (ADR 050).
      time: sql<number>`(select count(*) from ${timeEntries} where ${timeEntries.caseId} = ${caseId}) + (select count(*) from ${expenses} where ${expenses.caseId} = ${caseId})`.mapWith(
        Number,
      ),
    })
    .from(sql`(select 1) as one`);
  return row!;
}
