import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../../../testing/render';
import { anAdvocate } from '../../../testing/people';
import { CASE_ID, CLIENT_ID, list, detail, PEOPLE, renderCases } from './cases-screen-test-kit';

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
