import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Tabs } from './tabs';

function Harness() {
  const [selected, setSelected] = useState<'one' | 'two'>('one');
  return (
    <Tabs
      label="Sections"
      selected={selected}
      onSelect={setSelected}
      tabs={[
        { key: 'one', label: 'Admin Overview', panel: <p>First panel</p> },
        { key: 'two', label: 'Advanced User Management', panel: <p>Second panel</p> },
      ]}
    />
  );
}

describe('Tabs', () => {
  it('is an ARIA tablist driven by click and arrow keys', async () => {
    render(<Harness />);
    expect(screen.getByRole('tablist', { name: 'Sections' })).toBeInTheDocument();
    const first = screen.getByRole('tab', { name: 'Admin Overview' });
    const second = screen.getByRole('tab', { name: 'Advanced User Management' });
    expect(first).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Admin Overview' })).toHaveTextContent(
      'First panel',
    );
    expect(second).toHaveAttribute('tabindex', '-1');

    await userEvent.click(second);
    expect(screen.getByRole('tabpanel', { name: 'Advanced User Management' })).toHaveTextContent(
      'Second panel',
    );
    await userEvent.keyboard('{ArrowRight}');
    expect(first).toHaveFocus();
    expect(first).toHaveAttribute('aria-selected', 'true');
    await userEvent.keyboard('{End}');
    expect(second).toHaveFocus();
    expect(second).toHaveAttribute('aria-selected', 'true');
  });
});
