import { SIGN_IN_DEVICE_TEXTS as T } from '@firm/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render';
import { Component as SecureAccountPage } from './secure-account';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the secure-account page (a sign-in alert’s “Not you?” link)', () => {
  it('does nothing on opening; the button secures the account and goes on to a new password', async () => {
    window.history.replaceState(null, '', '/secure-account#token=alert-token');
    const calls = mockApi({
      'POST /auth/secure-account': [
        200,
        { success: true, message: T.secured, resetToken: 'reset-token' },
      ],
    });
    const { router } = renderWithApp(<SecureAccountPage />, {
      path: '/secure-account',
      routes: [{ path: '/reset-password', element: <p>Choose a new password</p> }],
    });
    expect(screen.getByRole('heading', { level: 1, name: T.pageTitle })).toBeInTheDocument();
    expect(screen.getByText(T.pageIntro)).toBeInTheDocument();
    // The token leaves the address bar at once, and nothing is asked of the server yet.
    await vi.waitFor(() => expect(window.location.hash).toBe(''));
    expect(calls).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: T.secureButton }));
    expect(await screen.findByText('Choose a new password')).toBeInTheDocument();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ token: 'alert-token' });
    expect(router.state.location.pathname).toBe('/reset-password');
    expect(router.state.location.hash).toBe('#token=reset-token');
    expect(await screen.findByText(T.secured)).toBeInTheDocument();
  });

  it('says a spent or expired link cannot be used, with the ways on', async () => {
    window.history.replaceState(null, '', '/secure-account#token=spent');
    mockApi({
      'POST /auth/secure-account': [
        400,
        { message: T.linkInvalid, code: 'INVALID_SECURE_ACCOUNT_LINK' },
      ],
    });
    renderWithApp(<SecureAccountPage />, { path: '/secure-account' });
    await userEvent.click(screen.getByRole('button', { name: T.secureButton }));
    expect(await screen.findByRole('alert')).toHaveTextContent(T.linkInvalid);
    expect(screen.getByRole('link', { name: T.forgotPasswordLink })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: T.signInLink })).toHaveAttribute('href', '/login');
    expect(screen.queryByRole('button', { name: T.secureButton })).not.toBeInTheDocument();
  });

  it('keeps the button after a failure on the way, to try again', async () => {
    window.history.replaceState(null, '', '/secure-account#token=alert-token');
    const calls = mockApi({
      'POST /auth/secure-account': [
        500,
        { message: 'Something went wrong', code: 'INTERNAL_ERROR' },
      ],
    });
    renderWithApp(<SecureAccountPage />, { path: '/secure-account' });
    await userEvent.click(screen.getByRole('button', { name: T.secureButton }));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: T.secureButton })).toBeEnabled();
    await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(1));
  });

  it('without a token: says the link is incomplete', () => {
    window.history.replaceState(null, '', '/secure-account');
    renderWithApp(<SecureAccountPage />, { path: '/secure-account' });
    expect(screen.getByRole('alert')).toHaveTextContent(T.linkRequired);
    expect(screen.queryByRole('button', { name: T.secureButton })).not.toBeInTheDocument();
  });
});
