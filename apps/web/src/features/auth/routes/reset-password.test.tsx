import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render';
import { Component as ResetPasswordPage } from './reset-password';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the reset-password page', () => {
  it('uses the token of the link’s fragment, and takes it out of the address bar', async () => {
    window.history.replaceState(null, '', '/reset-password#token=from-the-fragment');
    const calls = mockApi({
      'POST /auth/reset-password': [
        200,
        { success: true, message: 'Your password has been reset.' },
      ],
    });
    renderWithApp(<ResetPasswordPage />, { path: '/reset-password' });
    await vi.waitFor(() => expect(window.location.hash).toBe(''));
    expect(window.location.search).toBe('');

    await userEvent.type(screen.getByLabelText(/^New password/), 'N3wPassword');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'N3wPassword');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ token: 'from-the-fragment', password: 'N3wPassword' });
  });

  it('still accepts ?token= from links emailed before', async () => {
    window.history.replaceState(null, '', '/reset-password?token=older-link');
    const calls = mockApi({
      'POST /auth/reset-password': [
        200,
        { success: true, message: 'Your password has been reset.' },
      ],
    });
    renderWithApp(<ResetPasswordPage />, { path: '/reset-password' });
    await vi.waitFor(() => expect(window.location.search).toBe(''));
    await userEvent.type(screen.getByLabelText(/^New password/), 'N3wPassword');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'N3wPassword');
    await userEvent.click(screen.getByRole('button', { name: 'Reset password' }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ token: 'older-link', password: 'N3wPassword' });
  });
});
