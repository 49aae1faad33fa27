import { CASE_MESSAGES } from '@firm/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../testing/render';
import { aClient, anAdmin, anAdvocate } from '../../../testing/people';
import { CASE_ID, summary, list, detail, PEOPLE, renderCases } from './cases-screen-test-kit';

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
