import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextAreaField } from './text-area-field';

describe('TextAreaField', () => {
  it('says how many of its characters are used while typing, tied to the field, with the error first', async () => {
    const { rerender } = render(<TextAreaField label="Reason" maxLength={200} defaultValue="" />);
    const field = screen.getByRole('textbox', { name: 'Reason' });
    expect(field).toHaveAccessibleDescription('0 of 200 characters');
    await userEvent.type(field, 'The client withdrew');
    expect(field).toHaveAccessibleDescription('19 of 200 characters');
    rerender(
      <TextAreaField label="Reason" maxLength={200} defaultValue="" error="Give a reason" />,
    );
    expect(field).toHaveAccessibleDescription('Give a reason 19 of 200 characters');
  });

  it('shows no count on a field without a limit', () => {
    render(<TextAreaField label="Notes" />);
    expect(screen.getByRole('textbox', { name: 'Notes' })).not.toHaveAccessibleDescription();
  });
});
