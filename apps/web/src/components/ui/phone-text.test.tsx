import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PhoneText } from './phone-text';

describe('PhoneText', () => {
  it('reads a Kenyan number in groups and dials it', () => {
    render(<PhoneText phone="+254712982369" />);
    const link = screen.getByRole('link', { name: '+254 712 982 369' });
    expect(link).toHaveAttribute('href', 'tel:+254712982369');
  });

  it('shows any other value as stored', () => {
    render(<PhoneText phone="020 222 3344" />);
    expect(screen.getByRole('link', { name: '020 222 3344' })).toHaveAttribute(
      'href',
      'tel:0202223344',
    );
  });
});
