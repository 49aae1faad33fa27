import {
  PASSKEY_SCREEN_TEXTS as S,
  PASSKEY_TEXTS as P,
  TWO_FACTOR_TEXTS,
  VALIDATION,
  type Passkey,
} from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { PasskeyError } from '../../../lib/passkeys';
import type * as PasskeysModule from '../../../lib/passkeys';
import { answerApi } from '../../../testing/msw';
import { renderWithApp } from '../../../testing/render';
import { PasskeysPanel } from './passkeys-panel';

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
  createPasskey: (options: unknown) => {
    device.asked.push(options);
    return device.answer();
  },
}));

type Answer = [status: number, body: unknown];
/** `METHOD /path` → the answer, given the request's body; the calls as made. */
const mockApi = (table: Record<string, Answer | ((body: unknown) => Answer)>) =>
  answerApi((method, path, body) => {
    const answer = table[`${method} ${path}`];
    return typeof answer === 'function' ? answer(body) : answer;
  });

const ANSWER = { id: 'cred-1', rawId: 'cred-1', type: 'public-key', response: {} };
const OPTIONS = { challenge: 'abc', rp: { id: 'localhost', name: 'Mwamba & Associates' } };
const CODES = Array.from({ length: 10 }, (_, i) => `${'abcdefghij'[i]!.repeat(5)}-aaaaa`);

const pixel: Passkey = {
  id: '5b0e8a50-4d1c-4c7e-9a51-0f7f1d0b7a11',
  name: 'Pixel 8',
  createdAt: '2026-11-02T07:00:00.000Z',
  lastUsedAt: '2026-11-20T06:30:00.000Z',
};

describe('Profile → Passkeys', () => {
  beforeEach(() => {
    device.asked = [];
  });

  it('adds a passkey under a suggested name and shows the recovery codes the first one brings', async () => {
    let list: Passkey[] = [];
    device.answer = async () => ANSWER;
    const calls = mockApi({
      'GET /auth/2fa/passkeys': () => [200, { passkeys: list }],
      'GET /auth/2fa': () => [200, { totp: false, recoveryCodesLeft: 0, passkeys: list.length }],
      'POST /auth/2fa/passkeys/registration-options': [200, OPTIONS],
      'POST /auth/2fa/passkeys': (body) => {
        const added = { ...pixel, name: (body as { name: string }).name, lastUsedAt: null };
        list = [added];
        return [
          201,
          { success: true, message: P.addedFirst, passkey: added, recoveryCodes: CODES },
        ];
      },
    });
    renderWithApp(<PasskeysPanel />);
    expect(await screen.findByText(S.none)).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: S.add }));
    const dialog = await screen.findByRole('dialog', { name: S.addHeading });
    const name = within(dialog).getByLabelText(/^Name/);
    expect((name as HTMLInputElement).value).toMatch(/^Passkey on /);
    await userEvent.clear(name);
    await userEvent.type(name, 'Work laptop');
    await userEvent.type(within(dialog).getByLabelText(/^Your password/), 'Str0ngPassw0rd');
    await userEvent.click(within(dialog).getByRole('button', { name: S.continue }));

    const codes = await screen.findByRole('region', { name: 'Your recovery codes' });
    for (const each of CODES) expect(codes).toHaveTextContent(each);
    expect(device.asked).toEqual([OPTIONS]);
    expect(calls.find((call) => call.url.endsWith('/registration-options'))?.body).toEqual({
      password: 'Str0ngPassw0rd',
    });
    expect(
      calls.find((call) => call.method === 'POST' && call.url.endsWith('/passkeys'))?.body,
    ).toEqual({
      name: 'Work laptop',
      response: ANSWER,
    });
    await userEvent.click(screen.getByRole('button', { name: 'I have saved them' }));
    const listed = await screen.findByRole('list', { name: S.listLabel });
    expect(listed).toHaveTextContent('Work laptop');
    expect(listed).toHaveTextContent(S.neverUsed);
  });

  it('says in words when the device says no, and keeps the dialog open to try again', async () => {
    device.answer = async () => {
      throw new PasskeyError('cancelled', new DOMException('Not allowed.', 'NotAllowedError'));
    };
    mockApi({
      'GET /auth/2fa/passkeys': [200, { passkeys: [] }],
      'GET /auth/2fa': [200, { totp: false, recoveryCodesLeft: 0, passkeys: 0 }],
      'POST /auth/2fa/passkeys/registration-options': [200, OPTIONS],
    });
    renderWithApp(<PasskeysPanel />);
    await userEvent.click(await screen.findByRole('button', { name: S.add }));
    const dialog = await screen.findByRole('dialog', { name: S.addHeading });
    await userEvent.type(within(dialog).getByLabelText(/^Your password/), 'Str0ngPassw0rd');
    await userEvent.click(within(dialog).getByRole('button', { name: S.continue }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(S.addCancelled);
    expect(within(dialog).getByRole('button', { name: S.continue })).toBeEnabled();
  });

  it('asks the password before the device is asked, and says under it when it is wrong', async () => {
    device.answer = async () => ANSWER;
    mockApi({
      'GET /auth/2fa/passkeys': [200, { passkeys: [] }],
      'GET /auth/2fa': [200, { totp: false, recoveryCodesLeft: 0, passkeys: 0 }],
      'POST /auth/2fa/passkeys/registration-options': [
        400,
        {
          message: TWO_FACTOR_TEXTS.wrongPassword,
          code: 'CURRENT_PASSWORD_WRONG',
          errors: { password: TWO_FACTOR_TEXTS.wrongPassword },
        },
      ],
    });
    renderWithApp(<PasskeysPanel />);
    await userEvent.click(await screen.findByRole('button', { name: S.add }));
    const dialog = await screen.findByRole('dialog', { name: S.addHeading });
    await userEvent.click(within(dialog).getByRole('button', { name: S.continue }));
    expect(await within(dialog).findByText(VALIDATION.passwordRequired)).toBeVisible();
    await userEvent.type(within(dialog).getByLabelText(/^Your password/), 'Not-the-passw0rd');
    await userEvent.click(within(dialog).getByRole('button', { name: S.continue }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^Your password/)).toHaveAccessibleDescription(
        TWO_FACTOR_TEXTS.wrongPassword,
      ),
    );
    expect(device.asked).toEqual([]);
  });

  it('renames, and removes after a confirmation naming the passkey', async () => {
    let list: Passkey[] = [
      pixel,
      { ...pixel, id: 'a1f4c3b2-1111-4222-8333-944455556666', name: 'YubiKey', lastUsedAt: null },
    ];
    const calls = mockApi({
      'GET /auth/2fa/passkeys': () => [200, { passkeys: list }],
      'GET /auth/2fa': () => [200, { totp: false, recoveryCodesLeft: 8, passkeys: list.length }],
      [`PATCH /auth/2fa/passkeys/${pixel.id}`]: (body) => {
        list = list.map((each) =>
          each.id === pixel.id ? { ...each, name: (body as { name: string }).name } : each,
        );
        return [200, { success: true, message: P.renamed, passkey: list[0] }];
      },
      [`DELETE /auth/2fa/passkeys/${pixel.id}`]: () => {
        list = list.filter((each) => each.id !== pixel.id);
        return [200, { success: true, message: P.removed }];
      },
    });
    renderWithApp(<PasskeysPanel />);
    await userEvent.click(await screen.findByRole('button', { name: S.renameLabel('Pixel 8') }));
    const rename = await screen.findByRole('dialog', { name: S.renameHeading });
    const name = within(rename).getByLabelText(/^Name/);
    await userEvent.clear(name);
    await userEvent.click(within(rename).getByRole('button', { name: S.save }));
    expect(await within(rename).findByText(P.nameRequired)).toBeVisible();
    await userEvent.type(name, 'Old phone');
    await userEvent.click(within(rename).getByRole('button', { name: S.save }));
    await waitFor(() => expect(rename).not.toBeInTheDocument());
    expect(await screen.findByText('Old phone')).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: S.removeLabel('Old phone') }));
    const confirm = await screen.findByRole('dialog', { name: S.removeHeading });
    expect(confirm).toHaveTextContent(S.removeIntro('Old phone'));
    await userEvent.click(within(confirm).getByRole('button', { name: S.remove }));
    await waitFor(() => expect(screen.queryByText('Old phone')).not.toBeInTheDocument());
    expect(calls.some((call) => call.method === 'DELETE')).toBe(true);
    expect(screen.getByText('YubiKey')).toBeVisible();
  });
});
