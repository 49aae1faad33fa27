import { CASE_MESSAGES } from '@firm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render';
import { AddNoteForm } from './add-note-form';

/**
 * ADR 014: a note written after a shared one reached the client because the choice stayed on
 * "Shared with client". Every note starts internal, and sharing is said in the button.
 */

const CASE_ID = '10000000-0000-4000-8000-000000000001';

const noteAnswer = (visibleToClient: boolean): [number, unknown] => [
  201,
  {
    success: true,
    message: CASE_MESSAGES.noteAdded,
    note: {
      id: '20000000-0000-4000-8000-000000000002',
      content: 'x',
      author: 'Amani Otieno',
      authorId: null,
      createdAt: '2026-11-29T07:00:00.000Z',
      visibleToClient,
      sharedAt: visibleToClient ? '2026-11-29T07:00:00.000Z' : null,
    },
  },
];

describe('Add Note', () => {
  it('starts each new note internal after a shared one, and says “share” in the button only when chosen', async () => {
    const user = userEvent.setup();
    const write = async (text: string) => {
      await user.click(screen.getByLabelText('New note'));
      await user.paste(text);
    };
    const calls = mockApi({ [`POST /cases/${CASE_ID}/notes`]: noteAnswer(true) });
    renderWithApp(<AddNoteForm caseId={CASE_ID} />);
    const internal = screen.getByRole('radio', { name: CASE_MESSAGES.noteInternalOption });
    const shared = screen.getByRole('radio', { name: CASE_MESSAGES.noteSharedOption });
    expect(internal).toBeChecked();
    expect(screen.getByRole('button', { name: CASE_MESSAGES.addNote })).toBeInTheDocument();

    await write('The hearing is on 14 December at Milimani.');
    await user.click(shared);
    await user.click(screen.getByRole('button', { name: CASE_MESSAGES.addNoteShared }));
    await waitFor(() => expect(screen.getByLabelText('New note')).toHaveValue(''));

    // The next note: internal again, and the button says so.
    expect(internal).toBeChecked();
    expect(shared).not.toBeChecked();
    expect(screen.getByRole('button', { name: CASE_MESSAGES.addNote })).toBeInTheDocument();
    await write(
      "Internal: the employer's HR manager admitted off the record. Do not disclose yet.",
    );
    await user.click(screen.getByRole('button', { name: CASE_MESSAGES.addNote }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(
      calls.map((call) => (call.body as { visibleToClient: boolean }).visibleToClient),
    ).toEqual([true, false]);
  });

  it('counts the characters of a note against its limit as it is typed, and starts again once added', async () => {
    const user = userEvent.setup();
    mockApi({ [`POST /cases/${CASE_ID}/notes`]: noteAnswer(false) });
    renderWithApp(<AddNoteForm caseId={CASE_ID} />);
    const note = screen.getByLabelText('New note');
    expect(note).toHaveAccessibleDescription('0 of 5,000 characters');
    expect(note).toHaveAttribute('maxlength', '5000');
    await user.type(note, 'Hearing moved');
    expect(note).toHaveAccessibleDescription('13 of 5,000 characters');
    await user.click(screen.getByRole('button', { name: CASE_MESSAGES.addNote }));
    await waitFor(() => expect(note).toHaveValue(''));
    expect(note).toHaveAccessibleDescription('0 of 5,000 characters');
  });
});
