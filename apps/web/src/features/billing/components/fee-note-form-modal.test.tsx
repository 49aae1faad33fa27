import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAdvocate } from '../../../testing/people';
import { mockApi, renderWithApp } from '../../../testing/render';
import { CASE_ID, CLIENT_ID, LONG_MATTER, NOTE_ID, aFeeNote, aPage } from './billing-test-data';
import { FeeNotesList } from './fee-notes-list';

const people = {
  success: true,
  clients: [{ id: CLIENT_ID, name: 'Amani Otieno', email: 'amani@example.test' }],
  assignees: [],
};
const cases = {
  success: true,
  count: 1,
  total: 1,
  pagination: { page: 1, limit: 100, pages: 1 },
  cases: [{ id: CASE_ID, caseNumber: 'MWA/2026/0007', title: LONG_MATTER }],
};

const openForm = async () => {
  const user = userEvent.setup();
  const calls = mockApi({
    'GET /fee-notes?page=1&limit=20': [200, aPage([])],
    'GET /cases/people': [200, people],
    [`GET /cases?client=${CLIENT_ID}&limit=100&sort=updated`]: [200, cases],
    'POST /fee-notes': [
      201,
      {
        success: true,
        message: 'Fee note saved as a draft',
        feeNote: aFeeNote({ status: 'draft' }),
      },
    ],
    [`GET /fee-notes/${NOTE_ID}`]: [200, aFeeNote({ status: 'draft' })],
  });
  const view = renderWithApp(<FeeNotesList actor={anAdvocate()} />, {
    path: '/billing',
    routes: [{ path: '/billing/:id', element: <p>The fee note</p> }],
  });
  await user.click(await screen.findByRole('button', { name: 'New fee note' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'New fee note' }));
  return { user, calls, dialog, view };
};

describe('New fee note', () => {
  it('says what is missing, on each field, and sends nothing', async () => {
    const { user, calls, dialog } = await openForm();
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await dialog.findByText('Choose the client this fee note is for')).toBeVisible();
    expect(dialog.getByLabelText('Line 1: description')).toHaveAccessibleDescription(
      'Describe the work or the cost 0 of 500 characters',
    );
    expect(dialog.getByLabelText('Line 1: unit price (KSh)')).toHaveAccessibleDescription(
      'Price must be a whole number of shillings from 0 to 100,000,000',
    );

    // A KRA PIN is checked as it will be printed; removing the last line is caught too.
    await user.type(dialog.getByLabelText('Client’s KRA PIN (optional)'), 'A12');
    await user.click(dialog.getByRole('button', { name: 'Remove line 1' }));
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await dialog.findByText('Add at least one line')).toBeVisible();
    expect(dialog.getByLabelText('Client’s KRA PIN (optional)')).toHaveAccessibleDescription(
      /A KRA PIN is a letter, 9 digits and a letter/,
    );
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('refuses, on the line, what the fee note could not print (emoji), and takes Arabic and Greek', async () => {
    const { user, calls, dialog } = await openForm();
    const description = dialog.getByLabelText('Line 1: description');
    await user.type(description, 'أتعاب المحاماة עורך דין 🙂 Ω');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      await dialog.findByText(/^Cannot be printed on a fee note or receipt: 🙂\./),
    ).toBeVisible();
    expect(description).toHaveAccessibleDescription(
      'Cannot be printed on a fee note or receipt: 🙂. Use letters (Latin, Greek, Cyrillic, Arabic, Hebrew, Devanagari or Gujarati), digits and punctuation, without emoji 28 of 500 characters',
    );
    await user.clear(description);
    await user.type(description, 'أتعاب المحاماة עורך דין Ω');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await dialog.findByText('Choose the client this fee note is for')).toBeVisible();
    expect(description).not.toHaveAccessibleDescription(/Cannot be printed/);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('previews the totals from the lines, then saves the draft and opens it', async () => {
    const { user, calls, dialog, view } = await openForm();
    await user.selectOptions(
      await dialog.findByRole('combobox', { name: 'Client' }),
      await dialog.findByRole('option', { name: 'Amani Otieno (amani@example.test)' }),
    );
    await user.selectOptions(
      dialog.getByRole('combobox', { name: 'Matter (optional)' }),
      await dialog.findByRole('option', { name: `MWA/2026/0007: ${LONG_MATTER}` }),
    );
    await user.type(dialog.getByLabelText('Line 1: description'), 'Drafting the petition');
    await user.clear(dialog.getByLabelText('Line 1: quantity'));
    await user.type(dialog.getByLabelText('Line 1: quantity'), '2');
    await user.type(dialog.getByLabelText('Line 1: unit price (KSh)'), '20000');
    await user.click(dialog.getByRole('button', { name: 'Add line' }));
    await user.selectOptions(dialog.getByLabelText('Line 2: kind'), 'Disbursement');
    await user.type(dialog.getByLabelText('Line 2: description'), 'Court filing fees');
    await user.type(dialog.getByLabelText('Line 2: unit price (KSh)'), '3000');

    expect(dialog.getByText('Amount: KSh 40,000')).toBeVisible();
    const preview = within(dialog.getByRole('region', { name: 'Totals (preview)' }));
    const amountOf = (label: string) =>
      preview.getByText(label).closest('div')!.querySelector('dd')!.textContent;
    expect(amountOf('Fees')).toBe('KSh 40,000');
    expect(amountOf('Disbursements')).toBe('KSh 3,000');
    expect(amountOf('Total before VAT')).toBe('KSh 43,000');
    // The firm's VAT registration is in settings only advocates read: said, not guessed.
    expect(
      preview.getByText('VAT, if the firm is VAT-registered, is added when saved'),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await screen.findByText('Fee note saved as a draft')).toBeInTheDocument();
    const post = calls.find((call) => call.method === 'POST');
    expect(post?.body).toMatchObject({
      clientId: CLIENT_ID,
      caseId: CASE_ID,
      lines: [
        { kind: 'fee', description: 'Drafting the petition', quantity: 2, unitPriceKsh: 20_000 },
        { kind: 'disbursement', description: 'Court filing fees', quantity: 1, unitPriceKsh: 3000 },
      ],
    });
    expect(view.router.state.location.pathname).toBe(`/billing/${NOTE_ID}`);
  });

  it('says before saving that a due date falls on a working day, and refuses a Saturday by name', async () => {
    const { user, calls, dialog } = await openForm();
    const due = dialog.getByLabelText('Due date');
    expect(due).toHaveAccessibleDescription(
      /^A working day: not a Saturday, Sunday or Kenyan public holiday\. Reads: (Mon|Tue|Wed|Thu|Fri) /,
    );
    // The default, a fortnight on, is a weekday, shown day/month/year.
    expect((due as HTMLInputElement).value).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    await user.clear(due);
    await user.type(due, '26/12/2026');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(await dialog.findByText(/Sat 26 Dec 2026 is a weekend day/)).toBeVisible();
    expect(due).toHaveAccessibleDescription(/Choose Mon 28 Dec 2026 or later/);
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('shows the server’s field messages on their fields', async () => {
    const { user, calls, dialog } = await openForm();
    calls.length = 0;
    mockApi({
      'GET /cases/people': [200, people],
      [`GET /cases?client=${CLIENT_ID}&limit=100&sort=updated`]: [200, cases],
      'POST /fee-notes': [
        400,
        {
          message: 'Choose one of this client’s cases, or none',
          errors: { caseId: 'Choose one of this client’s cases, or none' },
        },
      ],
    });
    await user.selectOptions(
      await dialog.findByRole('combobox', { name: 'Client' }),
      await dialog.findByRole('option', { name: 'Amani Otieno (amani@example.test)' }),
    );
    await user.type(dialog.getByLabelText('Line 1: description'), 'Advice');
    await user.type(dialog.getByLabelText('Line 1: unit price (KSh)'), '5000');
    await user.click(screen.getByRole('button', { name: 'Save draft' }));
    expect(
      await dialog.findByRole('combobox', { name: 'Matter (optional)' }),
    ).toHaveAccessibleDescription('Choose one of this client’s cases, or none');
  });
});
