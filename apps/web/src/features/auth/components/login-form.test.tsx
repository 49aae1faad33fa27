import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render';
import { LoginForm } from './login-form';
import { aClient } from '../../../testing/people';

const user = aClient();

describe('LoginForm', () => {
  it('shows the sign-in messages under the fields, tied to them', async () => {
    const calls = mockApi({});
    renderWithApp(<LoginForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const email = screen.getByLabelText(/Email address/);
    await waitFor(() => expect(email).toHaveAccessibleDescription('Email is required'));
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/^Password/)).toHaveAccessibleDescription('Password is required');

    await userEvent.type(email, 'not-an-email');
    await userEvent.type(screen.getByLabelText(/^Password/), '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email address')).toBeVisible();
    expect(screen.getByText('Password must be at least 6 characters')).toBeVisible();
    expect(calls).toHaveLength(0);
  });

  it('shows and hides the password', async () => {
    mockApi({});
    renderWithApp(<LoginForm />);
    const password = screen.getByLabelText(/^Password/);
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('signs in, stores the token and says so', async () => {
    const calls = mockApi({ 'POST /auth/login': [200, { token: 'tok-123', user }] });
    renderWithApp(<LoginForm />);
    await userEvent.type(screen.getByLabelText(/Email address/), 'Amani@Example.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret123');
    await userEvent.click(screen.getByLabelText('Remember me'));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(calls[0]).toMatchObject({
      url: '/api/auth/login',
      body: { email: 'amani@example.test', password: 'Secret123', rememberMe: true },
    });
    expect(localStorage.getItem('token')).toBe('tok-123');
  });

  it("shows the server's message as a toast when sign-in fails", async () => {
    mockApi({ 'POST /auth/login': [401, { message: 'Invalid email or password' }] });
    renderWithApp(<LoginForm />);
    await userEvent.type(screen.getByLabelText(/Email address/), 'amani@example.test');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Wrong123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull());
  });

  it('replaces the failure toast with the success of the next try', async () => {
    let attempt = 0;
    mockApi({
      'POST /auth/login': () =>
        (attempt += 1) === 1
          ? [401, { message: 'Invalid email or password' }]
          : [200, { token: 'tok-456', user }],
    });
    renderWithApp(<LoginForm />);
    await userEvent.type(screen.getByLabelText(/Email address/), 'wanjiku.njoroge@example.co.ke');
    await userEvent.type(screen.getByLabelText(/^Password/), 'Wrong123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid email or password')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText(/^Password/));
    await userEvent.type(screen.getByLabelText(/^Password/), 'Right123');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(screen.queryByText('Invalid email or password')).toBeNull();
  });
});
