import type { CaseDetail, CaseDocument, CaseNote, ConflictMatch } from '@firm/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, seedUser, sessionFor } from '../../../test/accounts';
import { PDF_BYTES, multipartFile } from '../../../test/cases';
import { createTestContext, type TestContext } from '../../../test/helpers';
import { seedConversation } from '../../../test/messages';
import { auditLog } from '../../db/schema';
import { escapeHtml } from './data-export-html';

/**
 * ADR 021: "Download my data" holds what the client may see through the portal
 * and nothing staff-only (ADR 021). The hostile scenarios are built through the API, as staff
 * would build them, and the whole serialized file is searched for every staff-only string and id.
 */

let ctx: TestContext;
let seq = 0;
const remoteAddress = () => `10.23.0.${(seq += 1) % 250}`;

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** A made-up name of its own for each scenario, so no scenario's conflict check meets another's. */
const word = () =>
  Array.from({ length: 9 }, (_, i) =>
    String.fromCharCode((i === 0 ? 65 : 97) + Math.floor(Math.random() * 26)),
  ).join('');

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({ method, url, payload, headers: bearer(token), remoteAddress: remoteAddress() });

async function person(
  role: 'client' | 'advocate' | 'admin',
  firstName: string,
  lastName: string,
  permissions?: Record<string, boolean>,
) {
  const user = await seedUser(ctx, {
    role,
    email: `${firstName.toLowerCase()}-${(seq += 1)}@export.test`,
    firstName,
    lastName,
    ...(permissions ? { permissions } : {}),
  });
  return { user, token: await sessionFor(ctx, user) };
}

async function createCase(token: string, payload: object): Promise<CaseDetail> {
  const response = await call(token, 'POST', '/api/cases', payload);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { case: CaseDetail }).case;
}

async function upload(token: string, caseId: string, name: string, visibleToClient: boolean) {
  const file = multipartFile(
    name,
    Buffer.concat([PDF_BYTES, Buffer.from(name)]),
    'application/pdf',
  );
  const response = await ctx.app.inject({
    method: 'POST',
    url: `/api/cases/${caseId}/documents?visibleToClient=${visibleToClient}`,
    headers: { ...bearer(token), ...file.headers },
    payload: file.payload,
    remoteAddress: remoteAddress(),
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { document: CaseDocument }).document;
}

async function addNote(token: string, caseId: string, content: string, visibleToClient: boolean) {
  const response = await call(token, 'POST', `/api/cases/${caseId}/notes`, {
    content,
    visibleToClient,
  });
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { note: CaseNote }).note;
}

async function download(token: string, caseId: string, documentId: string) {
  const response = await call(token, 'GET', `/api/cases/${caseId}/documents/${documentId}`);
  expect(response.statusCode, response.body).toBe(200);
}

async function exportOf(token: string) {
  const response = await call(token, 'GET', '/api/profile/export');
  expect(response.statusCode, response.body).toBe(200);
  return { text: response.body, file: response.json() as Record<string, unknown> };
}

/**
 * Client A has a case with an opposing party; client B's case names A and that party, so the
 * conflict check matches both and an advocate clears it with a staff-only reason. B's case then
 * gets an internal document (downloaded by staff), an internal note, and shared ones of each.
 */
async function hostileScenario() {
  const advocate = await person('advocate', 'Wakili', 'Mkuu');
  const assistant = await person('admin', 'Msaidizi', 'Ofisini', {
    canOpenFiles: true,
    canManageCases: true,
    canUploadFiles: true,
  });
  const clientA = await person('client', word(), word());
  const clientB = await person('client', word(), word());
  const partyOfA = `${word()} ${word()}`;
  const [partyFirst, partyLast] = partyOfA.split(' ');
  const caseOfA = await createCase(advocate.token, {
    title: `Secret matter of A ${seq}`,
    description: 'A divorce nobody else may know of.',
    category: 'family',
    priority: 'high',
    clientId: clientA.user.id,
    parties: [{ role: 'opposing_party', name: partyOfA }],
  });
  const clearanceReason = `Staff only: spoke to A's advocate, no conflict ${seq}`;
  const caseOfB = await createCase(advocate.token, {
    title: `Matter of B ${seq}`,
    description: 'A land dispute.',
    category: 'property',
    priority: 'medium',
    clientId: clientB.user.id,
    assignedTo: assistant.user.id,
    // Names like A's and like A's opposing party (B's own parties, which B may see), not equal.
    parties: [
      { role: 'opposing_party', name: `${clientA.user.firstName} W. ${clientA.user.lastName}` },
      { role: 'witness', name: `${partyFirst} J. ${partyLast}` },
    ],
    conflictCheck: { cleared: true, reason: clearanceReason },
  });
  expect(caseOfB.conflictClearance?.reason).toBe(clearanceReason);
  // The check matched A as a client and A's opposing party, with A's case.
  const [stored] = await ctx.database.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, 'case.created'), eq(auditLog.targetUserId, clientB.user.id)));
  const matches = (stored!.details.conflictCleared as { matches: ConflictMatch[] }).matches;
  expect(matches.map((match) => [match.source, match.caseId])).toEqual(
    expect.arrayContaining([
      ['client', null],
      ['party', caseOfA.id],
    ]),
  );

  const internalDocument = await upload(assistant.token, caseOfB.id, `strategy-${seq}.pdf`, false);
  const sharedDocument = await upload(assistant.token, caseOfB.id, `plaint-${seq}.pdf`, true);
  const internalNote = await addNote(advocate.token, caseOfB.id, `Weak witness ${seq}`, false);
  const sharedNote = await addNote(advocate.token, caseOfB.id, `Hearing on Monday ${seq}`, true);
  await download(advocate.token, caseOfB.id, internalDocument.id);
  await download(advocate.token, caseOfB.id, sharedDocument.id);
  // A staff read of the whole file, and the client's own conversation with the firm.
  expect((await call(advocate.token, 'GET', `/api/cases/${caseOfB.id}`)).statusCode).toBe(200);
  const { conversation } = await seedConversation(ctx, clientB.user.id, {
    subject: `Question ${seq}`,
    body: 'When is the hearing?',
  });

  return {
    advocate,
    assistant,
    clientA,
    clientB,
    caseOfA,
    caseOfB,
    partyOfA,
    clearanceReason,
    internalDocument,
    sharedDocument,
    internalNote,
    sharedNote,
    conversation,
  };
}

type Scenario = Awaited<ReturnType<typeof hostileScenario>>;

/** Everything of client A and everything staff-only about B's case. */
function staffOnlyStrings(s: Scenario): string[] {
  return [
    s.clearanceReason,
    s.clientA.user.id,
    s.clientA.user.email,
    `${s.clientA.user.firstName} ${s.clientA.user.lastName}`,
    s.partyOfA,
    s.caseOfA.id,
    s.caseOfA.caseNumber,
    s.caseOfA.title,
    s.caseOfA.parties[0]!.id,
    s.internalDocument.id,
    s.internalDocument.name,
    s.internalDocument.sha256,
    s.internalNote.id,
    s.internalNote.content,
    'conflictCleared',
    'matches',
  ];
}

interface AuditEntry {
  action: string;
  details: Record<string, unknown> | null;
}

describe("GET /api/profile/export: a client's file holds only what the client may see", () => {
  it("leaves out another client, the conflict clearance and the firm's internal work", async () => {
    const s = await hostileScenario();
    const { text, file } = await exportOf(s.clientB.token);

    for (const staffOnly of staffOnlyStrings(s)) expect(text).not.toContain(staffOnly);

    // What B shares with the firm is all there: the case, its shared document and note.
    const [caseFile] = file.cases as CaseDetail[];
    expect(caseFile).toMatchObject({ id: s.caseOfB.id, conflictClearance: null });
    expect(caseFile!.documents.map((d) => d.id)).toEqual([s.sharedDocument.id]);
    expect(caseFile!.notes.map((n) => n.id)).toEqual([s.sharedNote.id]);

    // The audit rows about B's records stay, reduced to what B may see.
    const audit = file.auditLog as AuditEntry[];
    const rows = (action: string) => audit.filter((row) => row.action === action);
    expect(rows('case.created')).toEqual([
      expect.objectContaining({
        details: { caseId: s.caseOfB.id, caseNumber: s.caseOfB.caseNumber, title: s.caseOfB.title },
      }),
    ]);
    expect(rows('case.document_uploaded').map((row) => row.details?.documentId)).toEqual([
      s.sharedDocument.id,
    ]);
    expect(rows('case.document_downloaded').map((row) => row.details?.documentId)).toEqual([
      s.sharedDocument.id,
    ]);
    expect(rows('case.note_added').map((row) => row.details?.noteId)).toEqual([s.sharedNote.id]);
    expect(rows('case.viewed')).toHaveLength(1);
    expect(text).toContain(s.sharedDocument.sha256);
    expect(text).toContain(s.conversation.id);
  });

  it('the readable copy (HTML) is built from the same file: nothing staff-only there either', async () => {
    const s = await hostileScenario();
    const response = await call(s.clientB.token, 'GET', '/api/profile/export?format=html');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const page = response.body;
    // Searched as typed and as the page escapes it.
    for (const staffOnly of staffOnlyStrings(s)) {
      expect(page).not.toContain(staffOnly);
      expect(page).not.toContain(escapeHtml(staffOnly));
    }
    // The record of changes reads as sentences told to the client, and never says whether an
    // item they see was ever internal (whether it was is the firm's business).
    expect(page).toContain(`The firm added a note to case file ${s.caseOfB.caseNumber}`);
    expect(page).not.toContain('(internal)');
    // What B may see is there, in words.
    for (const shown of [
      s.caseOfB.caseNumber,
      s.caseOfB.title,
      s.sharedDocument.name,
      s.sharedNote.content,
      s.sharedDocument.sha256,
    ]) {
      expect(page).toContain(escapeHtml(shown));
    }
    expect(page).toContain('<h2>Cases</h2>');
    expect(page).toContain('<h2>Record of changes</h2>');
  });

  it("gives client A nothing of B's case that names them", async () => {
    const s = await hostileScenario();
    const { text } = await exportOf(s.clientA.token);
    for (const absent of [
      s.caseOfB.id,
      s.caseOfB.caseNumber,
      s.caseOfB.title,
      s.clearanceReason,
      s.clientB.user.lastName,
    ]) {
      expect(text).not.toContain(absent);
    }
    expect(text).toContain(s.caseOfA.caseNumber);
  });

  it("gives staff their own records without clients' confidential details", async () => {
    const s = await hostileScenario();
    for (const staff of [s.advocate, s.assistant]) {
      const { text, file } = await exportOf(staff.token);
      for (const absent of [
        ...staffOnlyStrings(s),
        s.clientB.user.id,
        s.clientB.user.lastName,
        s.clientB.user.email,
        s.clientA.user.lastName,
        s.caseOfB.id,
        s.caseOfB.caseNumber,
        s.caseOfB.title,
        s.sharedDocument.name,
        s.sharedNote.content,
      ]) {
        expect(text).not.toContain(absent);
      }
      // Their own actions are listed by kind and time.
      const actions = (file.auditLog as AuditEntry[]).map((row) => row.action);
      expect(actions).toContain('profile.data_exported');
      expect(actions.some((action) => action.startsWith('case.'))).toBe(true);
    }
  });
});

/** The hostile scenario again, read on the client's own case screen instead of the file. */
describe("GET /api/cases/:id: the client's case screen holds only what the client may see", () => {
  it("B's case holds nothing staff-only; its shared document and note are there", async () => {
    const s = await hostileScenario();
    const response = await call(s.clientB.token, 'GET', `/api/cases/${s.caseOfB.id}`);
    expect(response.statusCode, response.body).toBe(200);
    for (const staffOnly of staffOnlyStrings(s)) expect(response.body).not.toContain(staffOnly);
    const { case: screen } = response.json() as { case: CaseDetail };
    expect(screen.conflictClearance).toBeNull();
    expect(screen.documents.map((d) => d.id)).toEqual([s.sharedDocument.id]);
    expect(screen.notes.map((n) => n.id)).toEqual([s.sharedNote.id]);
  });
});
