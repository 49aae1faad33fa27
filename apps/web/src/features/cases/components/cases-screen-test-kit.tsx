import { type CaseDetail, type CaseList, type CaseSummary, type PublicUser } from '@firm/shared';
import { renderWithApp } from '../../../testing/render';
import { CasesScreen } from './cases-screen';

/**
 * What the cases screen tests (cases-screen.*.test.tsx) share: a case in a list and in detail, the
 * people, and the screen rendered for an actor at a path.
 */

export const CASE_ID = '10000000-0000-4000-8000-000000000001';
export const CLIENT_ID = '00000000-0000-4000-8000-000000000003';

export const summary = (overrides: Partial<CaseSummary> = {}): CaseSummary => ({
  id: CASE_ID,
  caseNumber: 'MWA/2026/0042',
  title: 'Boundary dispute Ngong',
  description: 'The neighbour fenced off part of the plot.',
  category: 'property',
  status: 'in_progress',
  priority: 'urgent',
  clientId: CLIENT_ID,
  clientName: 'Amani Otieno',
  assignedTo: '00000000-0000-4000-8000-000000000001',
  assigneeName: 'Wanjiru Kamau',
  court: 'Milimani Law Courts',
  courtCaseNumber: 'ELC E77 of 2026',
  courtDate: '2026-12-03T07:00:00.000Z',
  createdAt: '2026-11-01T08:00:00.000Z',
  updatedAt: '2026-11-20T08:00:00.000Z',
  closedAt: null,
  version: 3,
  documentCount: 2,
  noteCount: 1,
  ...overrides,
});

export const list = (cases: CaseSummary[], total = cases.length): CaseList => ({
  success: true,
  count: cases.length,
  total,
  pagination: { page: 1, limit: 20, pages: Math.max(1, Math.ceil(total / 20)) },
  cases,
});

export const detail = (overrides: Partial<CaseDetail> = {}): CaseDetail => ({
  ...summary(),
  parties: [{ id: 'p1', role: 'opposing_party', name: 'Kilimo Holdings Ltd', contact: null }],
  documents: [
    {
      id: 'd1',
      name: 'Plaint.pdf',
      type: 'application/pdf',
      size: 1572864,
      sha256: 'a'.repeat(64),
      uploadedAt: '2026-11-02T08:00:00.000Z',
      uploadedBy: { id: 'u1', name: 'Wanjiru Kamau' },
      visibleToClient: true,
    },
  ],
  notes: [
    {
      id: 'n1',
      content: 'Hearing moved to Monday.',
      author: 'Wanjiru Kamau',
      authorId: 'u1',
      createdAt: '2026-11-03T08:00:00.000Z',
      visibleToClient: true,
      sharedAt: '2026-11-03T08:00:00.000Z',
    },
  ],
  timeline: [
    {
      id: 'e1',
      event: 'case_created',
      description: 'Case opened: Property Law',
      date: '2026-11-01T08:00:00.000Z',
      details: {},
    },
  ],
  conflictClearance: null,
  ...overrides,
});

export const PEOPLE = {
  success: true,
  clients: [{ id: CLIENT_ID, name: 'Amani Otieno', email: 'amani@example.test' }],
  assignees: [
    { id: '00000000-0000-4000-8000-000000000001', name: 'Wanjiru Kamau', role: 'advocate' },
  ],
};

export function renderCases(actor: PublicUser, path = '/cases') {
  const element = <CasesScreen actor={actor} />;
  return renderWithApp(null, {
    path,
    routeTable: [
      { path: '/cases', element },
      { path: '/cases/:id', element },
    ],
  });
}
