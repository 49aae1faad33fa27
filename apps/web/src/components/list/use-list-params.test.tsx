import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useListParams } from './use-list-params';

function AuditFilters() {
  const list = useListParams({ target: '', action: '' }, { prefix: 'audit' });
  const location = useLocation();
  return (
    <>
      {/* Two changes before the router renders again: what a fast hand on a slow phone does. */}
      <button
        type="button"
        onClick={() => {
          list.setFilter('target', 'wanjiku.njoroge-kamau@example.co.ke');
          list.setFilter('action', 'user.created');
        }}
      >
        Both
      </button>
      <button type="button" onClick={() => list.setFilter('action', '')}>
        All actions
      </button>
      <output aria-label="Address">{location.search}</output>
    </>
  );
}

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/system-settings', element: <AuditFilters /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('useListParams', () => {
  it('keeps both of two changes made before the list renders again', async () => {
    renderAt('/system-settings?audit.page=3');
    await userEvent.click(screen.getByRole('button', { name: 'Both' }));
    const search = new URLSearchParams(screen.getByLabelText('Address').textContent ?? '');
    expect(search.get('audit.target')).toBe('wanjiku.njoroge-kamau@example.co.ke');
    expect(search.get('audit.action')).toBe('user.created');
    // A filter changed goes back to page 1.
    expect(search.has('audit.page')).toBe(false);
  });

  it('starts a later change from the address as it is by then', async () => {
    const router = renderAt('/system-settings?audit.action=user.created');
    await userEvent.click(screen.getByRole('button', { name: 'All actions' }));
    expect(screen.getByLabelText('Address').textContent).toBe('');
    // The person goes back in history, then changes a filter: the change starts from there.
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Address').textContent).toBe('?audit.action=user.created');
    await userEvent.click(screen.getByRole('button', { name: 'Both' }));
    const search = new URLSearchParams(screen.getByLabelText('Address').textContent ?? '');
    expect([...search.keys()].sort()).toEqual(['audit.action', 'audit.target']);
  });
});
