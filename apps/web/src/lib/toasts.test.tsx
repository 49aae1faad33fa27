import { act, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';

/** A fresh module each time: whether the toaster is wanted is module state. */
async function loadToasts() {
  return import('./toasts');
}

beforeEach(() => {
  vi.resetModules();
});

describe('DeferredToaster', () => {
  it('renders nothing until a toast is shown, then shows it', async () => {
    const { DeferredToaster, notify } = await loadToasts();
    const { container } = render(<DeferredToaster />);
    expect(container).toBeEmptyDOMElement();
    await act(() => notify.success('Logged out successfully'));
    expect(await screen.findByText('Logged out successfully')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Logged out successfully');
  });

  it('comes up when the portal asks for it', async () => {
    const { DeferredToaster, wantToaster } = await loadToasts();
    const { container } = render(<DeferredToaster />);
    act(() => wantToaster());
    await vi.waitFor(() => expect(container.querySelector('[data-rht-toaster]')).not.toBeNull());
  });
});
