import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { DateField } from './date-field';

function Harness({ kind, initial = '' }: { kind?: 'date' | 'datetime'; initial?: string }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <DateField
        label="Court date"
        kind={kind}
        value={value}
        onChange={setValue}
        min="2026-01-01"
      />
      <output aria-label="Value">{value}</output>
      <button type="button" onClick={() => setValue('')}>
        Clear
      </button>
    </>
  );
}

describe('DateField', () => {
  it('shows and takes day/month/year, and keeps the API value YYYY-MM-DD', async () => {
    render(<Harness initial="2026-12-14" />);
    const field = screen.getByRole('textbox', { name: 'Court date' });
    expect(field).toHaveValue('14/12/2026');
    expect(field).toHaveAccessibleDescription('Reads: Mon 14 Dec 2026');

    await userEvent.clear(field);
    expect(field).toHaveAccessibleDescription('Day/month/year, e.g. 14/12/2026');
    await userEvent.type(field, '3.2.2027');
    expect(screen.getByRole('status', { name: 'Value' })).toHaveTextContent('2027-02-03');
    expect(field).toHaveAccessibleDescription('Reads: Wed 3 Feb 2027');
    await userEvent.tab();
    expect(field).toHaveValue('03/02/2027');
  });

  it('says on leaving the field that a text is not a date, tied to the field', async () => {
    render(<Harness />);
    const field = screen.getByRole('textbox', { name: 'Court date' });
    await userEvent.type(field, '12/31/2026');
    expect(field).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(
      /Enter the date as day\/month\/year, e\.g\. 14\/12\/2026/,
    );
    // The form gets the text, for its schema to refuse, not the last good value.
    expect(screen.getByRole('status', { name: 'Value' })).toHaveTextContent('12/31/2026');
  });

  it('says when a day is before the first it takes', async () => {
    render(<Harness />);
    const field = screen.getByRole('textbox', { name: 'Court date' });
    await userEvent.type(field, '31/12/2025');
    await userEvent.tab();
    expect(field).toHaveAccessibleDescription(/Enter a date on or after 01\/01\/2026/);
  });

  it('takes a date and a 24-hour time as YYYY-MM-DDTHH:mm', async () => {
    render(<Harness kind="datetime" initial="2026-12-12T08:30" />);
    const field = screen.getByRole('textbox', { name: 'Court date' });
    expect(field).toHaveValue('12/12/2026 08:30');
    expect(field).toHaveAccessibleDescription('Reads: Sat 12 Dec 2026, 08:30');
    await userEvent.clear(field);
    await userEvent.type(field, '14/12/2026 14:05');
    expect(screen.getByRole('status', { name: 'Value' })).toHaveTextContent('2026-12-14T14:05');
    await userEvent.clear(field);
    await userEvent.type(field, '14/12/2026 2:05 PM');
    await userEvent.tab();
    expect(field).toHaveAccessibleDescription(/Enter the date and time as day\/month\/year hh:mm/);
  });

  it('shows a value set from outside (a reset) in place of the text', async () => {
    render(<Harness initial="2026-12-14" />);
    await userEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('textbox', { name: 'Court date' })).toHaveValue('');
  });
});
