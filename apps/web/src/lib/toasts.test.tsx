import { act, render, screen } from '@testing-library/react';
import type * as Shared from '@firm/shared';
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

describe('AppToaster', () => {
  it("reads the toasts' limits from TOAST: how many stay on screen, and the removal delay", async () => {
    // Other values than the library's own defaults (20, 1000 ms), to see that ours are applied.
    vi.doMock('@firm/shared', async (importOriginal) => {
      const shared = await importOriginal<typeof Shared>();
      return { ...shared, TOAST: { ...shared.TOAST, maxVisible: 3, removeDelayMs: 300 } };
    });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const { AppToaster } = await import('./toaster');
      const { default: toast } = await import('react-hot-toast');
      render(<AppToaster />);
      act(() => {
        for (let i = 1; i <= 5; i += 1) toast(`Toast ${i}`, { duration: Infinity });
      });
      // The newest three stay; the two oldest are dismissed and then removed.
      await vi.waitFor(() => expect(screen.queryByText('Toast 1')).toBeNull());
      expect(screen.queryByText('Toast 2')).toBeNull();
      for (const kept of ['Toast 3', 'Toast 4', 'Toast 5']) {
        expect(screen.getByText(kept)).toBeInTheDocument();
      }

      act(() => toast.dismiss());
      act(() => vi.advanceTimersByTime(200));
      expect(screen.getByText('Toast 5')).toBeInTheDocument();
      act(() => vi.advanceTimersByTime(150));
      await vi.waitFor(() => expect(screen.queryByText('Toast 5')).toBeNull());
    } finally {
      vi.useRealTimers();
      vi.doUnmock('@firm/shared');
    }
  });
});
