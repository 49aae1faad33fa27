import { TWO_FACTOR_TEXTS } from '@firm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aClient } from '../../../testing/people';
import { mockApi, renderWithApp } from '../../../testing/render';
import { LoginForm } from './login-form';

const user = aClient();
const CHALLENGE = {
  message: TWO_FACTOR_TEXTS.required,
  code: 'TWO_FACTOR_REQUIRED',
  challengeToken: 'challenge-abc',
  methods: ['totp', 'recovery'],
};

async function signInWithPassword() {
  await userEvent.type(screen.getByLabelText(/Email address/), 'amani@example.test');
  await userEvent.type(screen.getByLabelText(/^Password/), 'Secret123');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign-in with a second factor', () => {
  it('asks for the code after a right password, says a wrong one under the field, then signs in', async () => {
    let tries = 0;
    const calls = mockApi({
      'POST /auth/login': [401, CHALLENGE],
      'POST /auth/login/2fa': () =>
        (tries += 1) === 1
          ? [
              400,
              {
                message: TWO_FACTOR_TEXTS.wrongCode,
                code: 'TWO_FACTOR_CODE_WRONG',
                errors: { code: TWO_FACTOR_TEXTS.wrongCode },
              },
            ]
          : [200, { token: 'tok-2fa', user }],
    });
    renderWithApp(<LoginForm />);
    await signInWithPassword();

    const code = await screen.findByLabelText(/Authentication code/);
    expect(screen.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible();
    await waitFor(() => expect(code).toHaveFocus());
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');

    await userEvent.type(code, '12345');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TWO_FACTOR_TEXTS.codeFormat)).toBeVisible();

    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(TWO_FACTOR_TEXTS.wrongCode));

    await userEvent.clear(code);
    await userEvent.type(code, '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('tok-2fa');
    expect(
      calls.filter((call) => call.url === '/api/auth/login/2fa').map((call) => call.body),
    ).toEqual([
      { challengeToken: 'challenge-abc', code: '123456' },
      { challengeToken: 'challenge-abc', code: '654321' },
    ]);
  });

  it('takes a recovery code instead', async () => {
    const calls = mockApi({
      'POST /auth/login': [401, CHALLENGE],
      'POST /auth/login/2fa': [200, { token: 'tok-rc', user }],
    });
    renderWithApp(<LoginForm />);
    await signInWithPassword();
    await userEvent.click(
      await screen.findByRole('button', { name: 'Use a recovery code instead' }),
    );
    const field = screen.getByLabelText(/Recovery code/);
    await waitFor(() => expect(field).toHaveFocus());
    await userEvent.type(field, 'ABCDE FGHIJ');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(calls.at(-1)?.body).toEqual({
      challengeToken: 'challenge-abc',
      recoveryCode: 'abcde-fghij',
    });
  });

  it('goes back to the password with the reason when the challenge has ended', async () => {
    mockApi({
      'POST /auth/login': [401, CHALLENGE],
      'POST /auth/login/2fa': [
        401,
        { message: TWO_FACTOR_TEXTS.challengeExpired, code: 'TWO_FACTOR_CHALLENGE_EXPIRED' },
      ],
    });
    renderWithApp(<LoginForm />);
    await signInWithPassword();
    await userEvent.type(await screen.findByLabelText(/Authentication code/), '111111');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(TWO_FACTOR_TEXTS.challengeExpired)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeVisible();
  });
});
