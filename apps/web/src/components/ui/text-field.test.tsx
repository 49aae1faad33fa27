import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { TextField } from './text-field';

describe('TextField', () => {
  it('counts a counted field’s characters as they are typed, and stops at the limit', async () => {
    render(<TextField label="Title" counted maxLength={12} defaultValue="" />);
    const field = screen.getByRole('textbox', { name: 'Title' });
    expect(field).toHaveAccessibleDescription('0 of 12 characters');
    await userEvent.type(field, 'Land sale agreement');
    expect(field).toHaveValue('Land sale ag');
    expect(field).toHaveAccessibleDescription('12 of 12 characters');
  });

  it('names the error before the count', () => {
    render(
      <TextField label="Title" counted maxLength={200} defaultValue="" error="Enter a title" />,
    );
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      'Enter a title 0 of 200 characters',
    );
  });

  it('shows no count unless asked', () => {
    render(<TextField label="Court" maxLength={200} />);
    expect(screen.getByRole('textbox', { name: 'Court' })).not.toHaveAccessibleDescription();
  });
});
