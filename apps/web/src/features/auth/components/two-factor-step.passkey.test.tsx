import {
  PASSKEY_SCREEN_TEXTS as P,
  PASSKEY_TEXTS,
  TWO_FACTOR_SCREEN_TEXTS as S,
  TWO_FACTOR_TEXTS,
} from '@firm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PasskeyError } from '../../../lib/passkeys';
import type * as PasskeysModule from '../../../lib/passkeys';
import { aClient } from '../../../testing/people';
import { answerApi } from '../../../testing/msw';
import { renderWithApp } from '../../../testing/render';
import { LoginForm } from './login-form';

/**
 * The device's side is the browser's (lib/passkeys.ts): here it answers, or says no. A plain
 * function, not a spy: a spy's copy of a rejected promise would go unhandled.
 */
const device = vi.hoisted(() => ({
  asked: [] as unknown[],
  answer: (): Promise<unknown> => Promise.reject(new Error('no answer set')),
}));
vi.mock('../../../lib/passkeys', async (importOriginal) => ({
  ...(await importOriginal<typeof PasskeysModule>()),
  signWithPasskey: (options: unknown) => {
    device.asked.push(options);
    return device.answer();
  },
}));

const user = aClient();
const OPTIONS = { challenge: 'xyz', rpId: 'localhost', allowCredentials: [] };
const ASSERTION = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {} };
const challenge = (methods: string[]) => ({
  message: methods.includes('totp') ? TWO_FACTOR_TEXTS.required : PASSKEY_TEXTS.required,
  code: 'TWO_FACTOR_REQUIRED',
  challengeToken: 'challenge-abc',
  methods,
});

type Answer = [status: number, body: unknown];
const mockApi = (table: Record<string, Answer | ((body: unknown) => Answer)>) =>
  answerApi((method, path, body) => {
    const answer = table[`${method} ${path}`];
    return typeof answer === 'function' ? answer(body) : answer;
  });

async function signInWithPassword() {
  await userEvent.type(screen.getByLabelText(/Email address/), 'amani@example.test');
  await userEvent.type(screen.getByLabelText(/^Password/), 'Secret123');
  await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

describe('sign-in with a passkey', () => {
  beforeEach(() => {
    device.asked = [];
  });

  it('starts at the passkey for an account with passkeys alone, and says in words when the device says no', async () => {
    let tries = 0;
    device.answer = async () => {
      tries += 1;
      if (tries === 1) {
        throw new PasskeyError('cancelled', new DOMException('Not allowed.', 'NotAllowedError'));
      }
      return ASSERTION;
    };
    const calls = mockApi({
      'POST /auth/login': [401, challenge(['passkey', 'recovery'])],
      'POST /auth/login/2fa/passkey-options': [200, OPTIONS],
      'POST /auth/login/2fa': [200, { token: 'tok-passkey', user }],
    });
    renderWithApp(<LoginForm />);
    await signInWithPassword();

    const usePasskey = await screen.findByRole('button', { name: P.usePasskey });
    await waitFor(() => expect(usePasskey).toHaveFocus());
    expect(screen.getByText(P.passkeyIntro)).toBeVisible();
    // No app on this account: no code field, and no offer of the app's code.
    expect(screen.queryByLabelText(/Authentication code/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: S.useAppCode })).not.toBeInTheDocument();

    await userEvent.click(usePasskey);
    expect(await screen.findByRole('alert')).toHaveTextContent(P.signInCancelled);
    await userEvent.click(screen.getByRole('button', { name: P.usePasskey }));
    expect(await screen.findByText('Login successful!')).toBeInTheDocument();
    expect(localStorage.getItem('token')).toBe('tok-passkey');
    expect(device.asked).toEqual([OPTIONS, OPTIONS]);
    expect(calls.filter((call) => call.url === '/api/auth/login/2fa').at(-1)?.body).toEqual({
      challengeToken: 'challenge-abc',
      passkey: ASSERTION,
    });
  });

  it('offers the passkey beside the app’s code, and a recovery code instead', async () => {
    device.answer = async () => ASSERTION;
    mockApi({
      'POST /auth/login': [401, challenge(['totp', 'passkey', 'recovery'])],
      'POST /auth/login/2fa/passkey-options': [
        400,
        { message: PASSKEY_TEXTS.refused, code: 'PASSKEY_REFUSED' },
      ],
    });
    renderWithApp(<LoginForm />);
    await signInWithPassword();
    const code = await screen.findByLabelText(/Authentication code/);
    await waitFor(() => expect(code).toHaveFocus());
    await userEvent.click(screen.getByRole('button', { name: P.usePasskey }));
    // The server's refusal, said on the passkey's view, with the way back to the code.
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSKEY_TEXTS.refused);
    await userEvent.click(screen.getByRole('button', { name: S.useRecoveryCode }));
    expect(await screen.findByLabelText(/Recovery code/)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: S.useAppCode }));
    expect(await screen.findByLabelText(/Authentication code/)).toBeVisible();
  });

  it('goes back to the password when the challenge has ended', async () => {
    mockApi({
      'POST /auth/login': [401, challenge(['passkey'])],
      'POST /auth/login/2fa/passkey-options': [
        401,
        { message: TWO_FACTOR_TEXTS.challengeExpired, code: 'TWO_FACTOR_CHALLENGE_EXPIRED' },
      ],
    });
    renderWithApp(<LoginForm />);
    await signInWithPassword();
    await userEvent.click(await screen.findByRole('button', { name: P.usePasskey }));
    expect(await screen.findByText(TWO_FACTOR_TEXTS.challengeExpired)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Sign In' })).toBeVisible();
    expect(device.asked).toEqual([]);
  });
});
