import {
  CASE_MESSAGES,
  type CaseDetail,
  type CaseList,
  type CaseSummary,
  type PublicUser,
} from '@firm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render';
import { aClient, anAdmin, anAdvocate } from '../../../testing/people';
import { CasesScreen } from './cases-screen';

const CASE_ID = '10000000-0000-4000-8000-000000000001';
const CLIENT_ID = '00000000-0000-4000-8000-000000000003';

const summary = (overrides: Partial<CaseSummary> = {}): CaseSummary => ({
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

const list = (cases: CaseSummary[], total = cases.length): CaseList => ({
  success: true,
  count: cases.length,
  total,
  pagination: { page: 1, limit: 20, pages: Math.max(1, Math.ceil(total / 20)) },
  cases,
});

const detail = (overrides: Partial<CaseDetail> = {}): CaseDetail => ({
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

const PEOPLE = {
  success: true,
  clients: [{ id: CLIENT_ID, name: 'Amani Otieno', email: 'amani@example.test' }],
  assignees: [
    { id: '00000000-0000-4000-8000-000000000001', name: 'Wanjiru Kamau', role: 'advocate' },
  ],
};

function renderCases(actor: PublicUser, path = '/cases') {
  const element = <CasesScreen actor={actor} />;
  return renderWithApp(null, {
    path,
    routeTable: [
      { path: '/cases', element },
      { path: '/cases/:id', element },
    ],
  });
}

describe('the cases list', () => {
  it('shows skeletons, then cards with every field a card lists', async () => {
    mockApi({ 'GET /cases?page=1&limit=20': [200, list([summary()])] });
    renderCases(anAdvocate());
    expect(screen.getByRole('status', { name: 'Loading cases' })).toBeInTheDocument();
    const card = (await screen.findByRole('link', { name: 'Boundary dispute Ngong' })).closest(
      'article',
    )!;
    const inCard = within(card);
    expect(inCard.getByText('MWA/2026/0042')).toBeInTheDocument();
    expect(inCard.getByText('in progress')).toBeInTheDocument();
    expect(inCard.getByText('Urgent priority')).toBeInTheDocument();
    expect(inCard.getByText('Property Law')).toBeInTheDocument();
    expect(inCard.getByText('Wanjiru Kamau')).toBeInTheDocument();
    expect(inCard.getByText('Thu 3 Dec 2026, 10:00')).toBeInTheDocument(); // Nairobi time
    expect(inCard.getByText('2 documents')).toBeInTheDocument();
    expect(inCard.getByText('1 note')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Case Management' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'New Case' })).toBeInTheDocument();
  });

  it("says 'No cases found', and shows a client 'My Cases' without New Case", async () => {
    mockApi({ 'GET /cases?page=1&limit=20': [200, list([])] });
    renderCases(aClient());
    expect(await screen.findByText('No cases found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'My Cases' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New Case' })).not.toBeInTheDocument();
    expect(screen.queryByText(CASE_MESSAGES.newCaseNeedsPermission)).not.toBeInTheDocument();
  });

  it('tells an admin who may read case files but not open them why there is no New Case', async () => {
    mockApi({ 'GET /cases?page=1&limit=20': [200, list([])] });
    renderCases(anAdmin({ canOpenFiles: true }));
    expect(await screen.findByText(CASE_MESSAGES.newCaseNeedsPermission)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'New Case' })).not.toBeInTheDocument();
  });

  it(
    'shows the server’s message on failure, and Try again loads the list',
    { timeout: 15_000 },
    async () => {
      let calls = 0;
      mockApi({
        'GET /cases?page=1&limit=20': () =>
          // The first try and the query client's two retries fail.
          (calls += 1) <= 3
            ? [503, { message: 'The database is busy. Please try again.' }]
            : [200, list([summary()])],
      });
      renderCases(anAdvocate());
      expect(await screen.findByRole('alert', {}, { timeout: 8000 })).toHaveTextContent(
        'The database is busy. Please try again.',
      );
      await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
      expect(
        await screen.findByRole('link', { name: 'Boundary dispute Ngong' }),
      ).toBeInTheDocument();
    },
  );

  it('keeps filters in the URL and asks the server for them; More Filters opens the extra ones', async () => {
    const calls = mockApi({
      'GET /cases?page=1&limit=20': [200, list([summary()])],
      'GET /cases?status=closed&page=1&limit=20': [200, list([])],
      'GET /cases?status=closed&category=family&page=1&limit=20': [200, list([])],
      'GET /cases/people': [200, PEOPLE],
    });
    const { router } = renderCases(anAdvocate());
    await screen.findByRole('link', { name: 'Boundary dispute Ngong' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'closed');
    expect(await screen.findByText('No cases found')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?status=closed');
    const more = screen.getByRole('button', { name: 'More Filters' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(more);
    expect(more).toHaveAttribute('aria-expanded', 'true');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'family');
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain(
        '/api/cases?status=closed&category=family&page=1&limit=20',
      ),
    );
    // Typed day/month/year (not the browser's mm/dd/yyyy), asked of the API as YYYY-MM-DD.
    await userEvent.type(screen.getByRole('textbox', { name: 'Court date from' }), '01/12/2026');
    await waitFor(() =>
      expect(calls.map((c) => c.url)).toContain(
        '/api/cases?status=closed&category=family&courtFrom=2026-12-01&page=1&limit=20',
      ),
    );
  });
});

describe('the filters a report links with', () => {
  const paramsOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

  it('asks for the opened and closed days, says them with the total, keeps the selects working, and Show all clears them', async () => {
    const calls = mockApi({
      'GET /cases?openedFrom=2026-11-01&openedTo=2026-11-30&closedFrom=2026-11-01&closedTo=2026-11-30&page=1&limit=20':
        [200, list([summary()], 7)],
      'GET /cases?status=closed&openedFrom=2026-11-01&openedTo=2026-11-30&closedFrom=2026-11-01&closedTo=2026-11-30&page=1&limit=20':
        [200, list([summary()], 3)],
      'GET /cases?status=closed&page=1&limit=20': [200, list([summary()], 40)],
    });
    const { router } = renderCases(
      anAdvocate(),
      '/cases?openedFrom=2026-11-01&openedTo=2026-11-30&closedFrom=2026-11-01&closedTo=2026-11-30',
    );
    expect(
      await screen.findByText(
        'Showing cases opened Sun 1 Nov 2026 to Mon 30 Nov 2026, closed Sun 1 Nov 2026 to Mon 30 Nov 2026.',
      ),
    ).toBeVisible();
    expect(await screen.findByText('7 cases')).toBeVisible();

    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'closed');
    expect(await screen.findByText('3 cases')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=closed'));
    expect(await screen.findByText('40 cases')).toBeVisible();
    expect(screen.queryByText(/Showing cases/)).not.toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/cases?status=closed&page=1&limit=20');
  });

  it('asks for the cases open at the end of a day with a category and assignee, and says so', async () => {
    const calls = mockApi({
      'GET /cases?status=open&category=family&assignee=none&openOn=2026-11-30&page=1&limit=20': [
        200,
        list([summary()], 12),
      ],
      'GET /cases/people': [200, PEOPLE],
    });
    renderCases(anAdvocate(), '/cases?status=open&category=family&assignee=none&openOn=2026-11-30');
    expect(
      await screen.findByText('Showing cases open at the end of Mon 30 Nov 2026.'),
    ).toBeVisible();
    expect(await screen.findByText('12 cases')).toBeVisible();
    // The link's category and assignee show in their own controls, opened for the person.
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('open');
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('family');
    expect(screen.getByRole('combobox', { name: 'Assigned to' })).toHaveValue('none');
    const asked = calls.find((call) => call.url.startsWith('/api/cases?'));
    expect(paramsOf(asked!.url)).toMatchObject({ openOn: '2026-11-30', status: 'open' });
  });
});

describe('the case detail', () => {
  it('opens at /cases/:id with documents, notes, information and timeline; a client gets no staff controls', async () => {
    mockApi({
      'GET /cases?page=1&limit=20': [200, list([summary()])],
      [`GET /cases/${CASE_ID}`]: [200, { success: true, case: detail() }],
    });
    renderCases(aClient(), `/cases/${CASE_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Boundary dispute Ngong' });
    const inDialog = within(dialog);
    expect(inDialog.getByText('Plaint.pdf')).toBeInTheDocument();
    expect(inDialog.getByText(/1\.5 MB/)).toBeInTheDocument();
    expect(inDialog.getByRole('button', { name: 'Download Plaint.pdf' })).toBeInTheDocument();
    expect(inDialog.getByText('Hearing moved to Monday.')).toBeInTheDocument();
    expect(inDialog.getByText('Kilimo Holdings Ltd')).toBeInTheDocument();
    expect(inDialog.getByText('Case opened: Property Law')).toBeInTheDocument();
    // A client may upload to their own open case, but not change it or add notes.
    expect(inDialog.getByRole('button', { name: 'Upload Document' })).toBeInTheDocument();
    expect(inDialog.queryByRole('button', { name: 'Save changes' })).not.toBeInTheDocument();
    expect(inDialog.queryByRole('button', { name: 'Add Note' })).not.toBeInTheDocument();
  });

  it('offers only the allowed status moves, and explains someone else’s change with Reload case', async () => {
    let version = 3;
    const calls = mockApi({
      'GET /cases?page=1&limit=20': [200, list([summary()])],
      [`GET /cases/${CASE_ID}`]: () => [200, { success: true, case: detail({ version }) }],
      [`PUT /cases/${CASE_ID}`]: () => {
        version = 4;
        return [
          409,
          {
            message:
              'This case was changed by someone else while you were editing it. Reload the case to see their changes, then make yours again.',
            code: 'VERSION_CONFLICT',
          },
        ];
      },
      'GET /cases/people': [200, PEOPLE],
    });
    renderCases(anAdmin({ canOpenFiles: true, canManageCases: true }), `/cases/${CASE_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Boundary dispute Ngong' });
    const status = within(dialog).getByRole('combobox', { name: 'Status' });
    expect(
      within(status)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['in progress', 'completed']);
    await userEvent.selectOptions(status, 'completed');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'This case was changed by someone else',
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      version: 3,
      status: 'completed',
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reload case' }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
  });

  it('records a hearing on the timeline through the update, then clears the field', async () => {
    const calls = mockApi({
      'GET /cases?page=1&limit=20': [200, list([summary()])],
      [`GET /cases/${CASE_ID}`]: [200, { success: true, case: detail() }],
      [`PUT /cases/${CASE_ID}`]: [
        200,
        { success: true, message: 'Case updated successfully', case: detail({ version: 4 }) },
      ],
      'GET /cases/people': [200, PEOPLE],
    });
    renderCases(anAdvocate(), `/cases/${CASE_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Boundary dispute Ngong' });
    const save = within(dialog).getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    const hearing = within(dialog).getByLabelText('Record a hearing (optional)');
    await userEvent.type(hearing, 'Mention: directions given');
    await userEvent.click(save);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        version: 3,
        courtHearing: 'Mention: directions given',
      }),
    );
    await waitFor(() => expect(hearing).toHaveValue(''));
  });

  it('asks before keeping a court date on a public holiday, and saves it once told to', async () => {
    const question =
      'Saturday 12 December 2026 is Jamhuri Day. Courts rarely sit then. Save anyway?';
    let puts = 0;
    const calls = mockApi({
      'GET /cases?page=1&limit=20': [200, list([summary()])],
      [`GET /cases/${CASE_ID}`]: [200, { success: true, case: detail() }],
      [`PUT /cases/${CASE_ID}`]: () =>
        (puts += 1) === 1
          ? [409, { success: false, code: 'COURT_DAY_UNUSUAL', message: question }]
          : [200, { success: true, message: 'Case updated successfully', case: detail() }],
      'GET /cases/people': [200, PEOPLE],
    });
    renderCases(anAdvocate(), `/cases/${CASE_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Boundary dispute Ngong' });
    fireEvent.change(within(dialog).getByLabelText('Court date (Nairobi time)'), {
      target: { value: '12/12/2026 08:30' },
    });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const asked = await within(dialog).findByRole('alert');
    expect(asked).toHaveTextContent(question);
    expect(calls.filter((c) => c.method === 'PUT')[0]?.body).toEqual({
      version: 3,
      courtDate: '2026-12-12T05:30:00.000Z',
    });

    await userEvent.click(within(asked).getByRole('button', { name: 'Save anyway' }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'PUT')[1]?.body).toEqual({
        version: 3,
        courtDate: '2026-12-12T05:30:00.000Z',
        courtDateConfirmed: true,
      }),
    );
  });

  it('adds a note as internal unless Shared with client is chosen', async () => {
    const calls = mockApi({
      'GET /cases?page=1&limit=20': [200, list([summary()])],
      [`GET /cases/${CASE_ID}`]: [200, { success: true, case: detail() }],
      [`POST /cases/${CASE_ID}/notes`]: [
        201,
        { success: true, message: 'Note added successfully', note: detail().notes[0] },
      ],
      'GET /cases/people': [200, PEOPLE],
    });
    renderCases(anAdvocate(), `/cases/${CASE_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Boundary dispute Ngong' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Note' }));
    expect(await within(dialog).findByText('Note is required')).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('New note'), 'Called the registry.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Add Note' }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
        content: 'Called the registry.',
        visibleToClient: false,
      }),
    );
  });

  it('shares an internal document after upload; an admin who does not manage cases cannot change notes', async () => {
    const internalDoc = {
      ...detail().documents[0]!,
      id: 'd2',
      name: 'Brief.pdf',
      visibleToClient: false,
    };
    let shared = false;
    const calls = mockApi({
      'GET /cases?page=1&limit=20': [200, list([summary()])],
      [`GET /cases/${CASE_ID}`]: () => [
        200,
        {
          success: true,
          case: detail({ documents: [{ ...internalDoc, visibleToClient: shared }] }),
        },
      ],
      [`PATCH /cases/${CASE_ID}/documents/d2`]: () => {
        shared = true;
        return [
          200,
          {
            success: true,
            message: CASE_MESSAGES.documentShared,
            document: { ...internalDoc, visibleToClient: true },
          },
        ];
      },
      'GET /cases/people': [200, PEOPLE],
    });
    // An admin who uploads files but does not manage cases: shares documents, not notes.
    renderCases(anAdmin({ canOpenFiles: true, canUploadFiles: true }), `/cases/${CASE_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Boundary dispute Ngong' });
    expect(within(dialog).getByText(CASE_MESSAGES.internalBadge)).toBeInTheDocument();
    expect(
      within(dialog).queryByRole('button', { name: /Make internal: note/ }),
    ).not.toBeInTheDocument();
    await userEvent.click(
      within(dialog).getByRole('button', { name: 'Share with client: Brief.pdf' }),
    );
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ visibleToClient: true }),
    );
    expect(
      await within(dialog).findByRole('button', { name: 'Make internal: Brief.pdf' }),
    ).toBeInTheDocument();
  });

  it('asks before making a shared note internal, and sends nothing when cancelled', async () => {
    // Shared two minutes ago: still within the minutes a shared note may be taken back.
    const justShared = {
      ...detail().notes[0]!,
      sharedAt: new Date(Date.now() - 120_000).toISOString(),
    };
    const calls = mockApi({
      'GET /cases?page=1&limit=20': [200, list([summary()])],
      [`GET /cases/${CASE_ID}`]: [200, { success: true, case: detail({ notes: [justShared] }) }],
      [`PATCH /cases/${CASE_ID}/notes/n1`]: [
        200,
        { success: true, message: CASE_MESSAGES.noteMadeInternal, note: detail().notes[0] },
      ],
      'GET /cases/people': [200, PEOPLE],
    });
    renderCases(anAdvocate(), `/cases/${CASE_ID}`);
    const dialog = await screen.findByRole('dialog', { name: 'Boundary dispute Ngong' });
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false);
    const makeInternal = within(dialog).getByRole('button', {
      name: 'Make internal: note by Wanjiru Kamau',
    });
    await userEvent.click(makeInternal);
    expect(confirm).toHaveBeenCalledWith(CASE_MESSAGES.confirmMakeNoteInternal);
    expect(calls.filter((c) => c.method === 'PATCH')).toEqual([]);
    confirm.mockReturnValueOnce(true);
    await userEvent.click(makeInternal);
    await waitFor(() =>
      expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({
        url: expect.stringContaining(`/cases/${CASE_ID}/notes/n1`),
        body: { visibleToClient: false },
      }),
    );
    confirm.mockRestore();
  });

  it('answers another client’s case with the server’s not-found message', async () => {
    mockApi({
      'GET /cases?page=1&limit=20': [200, list([])],
      [`GET /cases/${CASE_ID}`]: [404, { message: 'Case not found', code: 'CASE_NOT_FOUND' }],
    });
    renderCases(aClient(), `/cases/${CASE_ID}`);
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Case not found');
  });
});

describe('New Case', () => {
  it('opens for the client named in the address (the Clients screen’s New Case)', async () => {
    mockApi({
      'GET /cases?page=1&limit=20': [200, list([])],
      'GET /cases/people': [200, PEOPLE],
      'POST /cases/conflict-check': [200, { success: true, matches: [] }],
    });
    const { router } = renderCases(
      anAdvocate(),
      `/cases?new=1&client=${CLIENT_ID}&clientName=Amani+Otieno`,
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'New Case' }));
    const client = dialog.getByLabelText('Client');
    expect(client).toHaveValue(CLIENT_ID);
    // The people list arrives with the same client in it: still chosen.
    expect(
      await within(client).findByRole('option', { name: 'Amani Otieno (amani@example.test)' }),
    ).toBeInTheDocument();
    expect(client).toHaveValue(CLIENT_ID);
    await userEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it(
    'needs the four New Case fields, and “Checked: no conflict” with a reason when the check finds matches',
    { timeout: 20_000 },
    async () => {
      const calls = mockApi({
        'GET /cases?page=1&limit=20': [200, list([])],
        'GET /cases/people': [200, PEOPLE],
        'POST /cases/conflict-check': [
          200,
          {
            success: true,
            matches: [
              {
                name: 'Otieno Ochieng',
                matchedName: 'Otieno Ochieng',
                source: 'client',
                role: null,
                caseId: null,
                caseNumber: null,
                similarity: 1,
              },
            ],
          },
        ],
        'POST /cases': [
          201,
          { success: true, message: 'Case created successfully!', case: detail() },
        ],
        [`GET /cases/${CASE_ID}`]: [200, { success: true, case: detail() }],
      });
      renderCases(anAdvocate());
      await userEvent.click(await screen.findByRole('button', { name: 'New Case' }));
      const dialog = screen.getByRole('dialog', { name: 'New Case' });
      const inDialog = within(dialog);
      await userEvent.click(inDialog.getByRole('button', { name: 'Create Case' }));
      for (const message of [
        'Title is required',
        'Description is required',
        'Category is required',
        'Priority is required',
      ]) {
        expect(await inDialog.findByText(message)).toBeInTheDocument();
      }
      await userEvent.type(inDialog.getByLabelText('Title'), 'Employment claim');
      await userEvent.type(inDialog.getByLabelText('Description'), 'Unfair dismissal.');
      await userEvent.selectOptions(inDialog.getByLabelText('Category'), 'employment');
      await userEvent.selectOptions(inDialog.getByLabelText('Priority'), 'high');
      await userEvent.selectOptions(inDialog.getByLabelText('Client'), CLIENT_ID);
      // A date-time input takes its value whole (typing into one is not what a person does).
      fireEvent.change(inDialog.getByLabelText('Court date (optional, Nairobi time)'), {
        target: { value: '03/12/2026 10:00' },
      });
      await userEvent.click(inDialog.getByRole('button', { name: 'Add party' }));
      await userEvent.type(inDialog.getByLabelText('Party 1 name'), 'Otieno Ochieng');
      await userEvent.type(
        inDialog.getByLabelText('Party 1 contact (optional)'),
        'Advocates of Kilimo, Moi Avenue',
      );
      expect(await inDialog.findByText('Possible conflict of interest')).toBeInTheDocument();
      expect(
        inDialog.getByText('an existing client of the firm', { exact: false }),
      ).toBeInTheDocument();

      await userEvent.click(inDialog.getByRole('button', { name: 'Create Case' }));
      expect(
        await inDialog.findByText(/Review the matches and confirm "Checked: no conflict"/),
      ).toBeInTheDocument();
      expect(calls.some((c) => c.method === 'POST' && c.url === '/api/cases')).toBe(false);

      await userEvent.click(inDialog.getByLabelText('Checked: no conflict'));
      await userEvent.type(
        inDialog.getByLabelText('Reason there is no conflict'),
        'Different person (ID checked).',
      );
      await userEvent.click(inDialog.getByRole('button', { name: 'Create Case' }));
      expect(await screen.findByText('Case created successfully!')).toBeInTheDocument();
      const created = calls.find((c) => c.method === 'POST' && c.url === '/api/cases')!;
      expect(created.body).toMatchObject({
        title: 'Employment claim',
        category: 'employment',
        priority: 'high',
        clientId: CLIENT_ID,
        courtDate: '2026-12-03T07:00:00.000Z',
        parties: [
          {
            role: 'opposing_party',
            name: 'Otieno Ochieng',
            contact: 'Advocates of Kilimo, Moi Avenue',
          },
        ],
        conflictCheck: { cleared: true, reason: 'Different person (ID checked).' },
      });
    },
  );
});
