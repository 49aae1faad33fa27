import { SETUP_ITEMS } from '@firm/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../../testing/render';
import { SetupChecklistPanel } from './setup-checklist';

const checklist = (done: readonly string[]) => ({
  items: SETUP_ITEMS.map((key) => ({ key, done: done.includes(key) })),
  complete: done.length === SETUP_ITEMS.length,
});

describe('the setup checklist (ADR 027)', () => {
  it('lists each item as a link to its place, its state in words', () => {
    renderWithApp(<SetupChecklistPanel checklist={checklist(['firmDetails', 'officeHours'])} />);
    const panel = screen.getByRole('region', { name: 'Set up your firm' });
    expect(panel).toHaveTextContent('2 of 5 done');
    const items = within(panel).getAllByRole('listitem');
    expect(items).toHaveLength(5);
    expect(within(panel).getByRole('link', { name: 'Firm details: Done' })).toHaveAttribute(
      'href',
      '/system-settings?tab=firm#firm-details',
    );
    expect(
      within(panel).getByRole('link', { name: 'Payment details: Not done yet' }),
    ).toHaveAttribute('href', '/system-settings?tab=firm#firm-payment-details');
    expect(within(panel).getByRole('link', { name: 'Colleagues: Not done yet' })).toHaveAttribute(
      'href',
      '/admin-management',
    );
    expect(within(panel).getByRole('link', { name: 'First client: Not done yet' })).toHaveAttribute(
      'href',
      '/clients',
    );
  });

  it('is gone once everything is done', () => {
    renderWithApp(<SetupChecklistPanel checklist={checklist(SETUP_ITEMS)} />);
    expect(screen.queryByRole('region', { name: 'Set up your firm' })).toBeNull();
  });
});
