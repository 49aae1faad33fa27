import { can, type ConflictCheckValues, type ConflictMatch } from '@firm/shared';
import type { Executor } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { assertCan } from '../../lib/permissions';
import type { CasesDeps } from './case-access';
import { findSimilarPeople } from './case-conflicts.repository';

/**
 * The conflict-of-interest check: the client's name against every case's parties, and each
 * party's name against the firm's clients and every case's parties. Case numbers are shown only to
 * those who may open case files.
 */
export async function findConflicts(
  db: Executor,
  input: {
    clientName?: string;
    clientId?: string;
    excludeCaseId?: string;
    parties: { name: string }[];
    /** Also look for the client's name among client accounts (default: when no client is chosen). */
    clientAgainstClients?: boolean;
  },
): Promise<ConflictMatch[]> {
  const searches: Promise<Awaited<ReturnType<typeof findSimilarPeople>>>[] = [];
  const clientName = input.clientName?.trim();
  if (clientName) {
    searches.push(
      findSimilarPeople(db, clientName, {
        clients: input.clientAgainstClients ?? !input.clientId,
        exceptClientId: input.clientId,
        exceptCaseId: input.excludeCaseId,
      }),
    );
  }
  for (const party of input.parties) {
    const name = party.name.trim();
    if (name.length < 3) continue;
    searches.push(
      findSimilarPeople(db, name, {
        clients: true,
        exceptClientId: input.clientId,
        exceptCaseId: input.excludeCaseId,
      }),
    );
  }
  const seen = new Set<string>();
  return (await Promise.all(searches)).flat().filter((hit) => {
    const key = `${hit.name}|${hit.source}|${hit.matchedName}|${hit.caseId ?? ''}|${hit.role ?? ''}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function visibleMatches(actor: UserRow, matches: ConflictMatch[]): ConflictMatch[] {
  if (can(actor, 'cases:view')) return matches;
  return matches.map((match) => ({ ...match, caseId: null, caseNumber: null }));
}

export async function conflictCheck(
  deps: CasesDeps,
  actor: UserRow,
  input: ConflictCheckValues,
): Promise<ConflictMatch[]> {
  assertCan(actor, 'cases:create');
  return visibleMatches(actor, await findConflicts(deps.db, input));
}

/**
 * For user management's create-client: the cases naming someone like the new client as a party.
 * Client accounts with a similar name are left out: that is a possible duplicate account, not a
 * conflict of interest, and names repeat (two clients may well both be "John Kamau").
 */
export async function conflictsForNewClient(
  db: Executor,
  clientName: string,
): Promise<ConflictMatch[]> {
  return findConflicts(db, { clientName, parties: [], clientAgainstClients: false });
}
