import { AUTH_MESSAGES, INVITATION_TEXTS } from '@firm/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { aClient } from '../../../testing/people';
import { mockApi, renderWithApp } from '../../../testing/render';
import { Component as WelcomePage } from './welcome';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the welcome page (a welcome email’s link, ADR 024)', () => {
  it('asks the invited person to choose their password, then signs them in to the dashboard', async () => {
    window.history.replaceState(null, '', '/welcome#token=invited-token');
    const calls = mockApi({
      'POST /auth/accept-invitation': [200, { token: 'session-token', user: aClient() }],
    });
    const { router } = renderWithApp(<WelcomePage />, {
      path: '/welcome',
      routes: [{ path: '/dashboard', element: <p>The dashboard</p> }],
    });
    expect(screen.getByRole('heading', { name: INVITATION_TEXTS.pageTitle })).toBeInTheDocument();
    expect(screen.getByText(INVITATION_TEXTS.intro)).toBeInTheDocument();
    // The token leaves the address bar at once.
    await vi.waitFor(() => expect(window.location.hash).toBe(''));

    await userEvent.type(screen.getByLabelText(/^New password/), 'Ch0senByMe');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'Ch0senByMe');
    await userEvent.click(screen.getByRole('button', { name: INVITATION_TEXTS.submit }));
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]!.body).toEqual({ token: 'invited-token', password: 'Ch0senByMe' });
    expect(await screen.findByText('The dashboard')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(await screen.findByText(AUTH_MESSAGES.invitationAccepted)).toBeInTheDocument();
  });

  it('says what to do when the link has been used or has expired', async () => {
    window.history.replaceState(null, '', '/welcome#token=spent');
    mockApi({
      'POST /auth/accept-invitation': [
        400,
        { message: AUTH_MESSAGES.invitationInvalid, code: 'INVALID_INVITATION' },
      ],
    });
    renderWithApp(<WelcomePage />, { path: '/welcome' });
    await userEvent.type(screen.getByLabelText(/^New password/), 'Ch0senByMe');
    await userEvent.type(screen.getByLabelText(/^Confirm new password/), 'Ch0senByMe');
    await userEvent.click(screen.getByRole('button', { name: INVITATION_TEXTS.submit }));
    expect(await screen.findByText(AUTH_MESSAGES.invitationInvalid)).toBeInTheDocument();
  });

  it('without a token: the invitation’s own words, and a way to sign in', () => {
    window.history.replaceState(null, '', '/welcome');
    renderWithApp(<WelcomePage />, { path: '/welcome' });
    expect(screen.getByRole('alert')).toHaveTextContent(AUTH_MESSAGES.invitationInvalid);
    expect(screen.getByRole('link', { name: INVITATION_TEXTS.invalidHelp })).toHaveAttribute(
      'href',
      '/login',
    );
  });
});
