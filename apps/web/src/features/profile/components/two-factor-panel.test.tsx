import { TWO_FACTOR_SCREEN_TEXTS as S, TWO_FACTOR_TEXTS as T } from '@firm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render';
import { TwoFactorPanel } from './two-factor-panel';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
/** Ten distinct codes as the server gives them: `aaaaa-bbbbb` … */
const CODES = Array.from({ length: 10 }, (_, i) => {
  const [a, b] = ['abcdefghij'[i]!, 'klmnopqrst'[i]!];
  return `${a.repeat(5)}-${b.repeat(5)}`;
});

describe('Profile → Two-factor sign-in', () => {
  it('sets up with the QR code or the key, turns on with a code, and shows the recovery codes once', async () => {
    let on = false;
    let tries = 0;
    const calls = mockApi({
      'GET /auth/2fa': () => [200, { totp: on, recoveryCodesLeft: on ? 10 : 0 }],
      'POST /auth/2fa/totp/setup': [
        200,
        { secret: SECRET, otpauthUrl: `otpauth://totp/Mwamba:a%40b.test?secret=${SECRET}` },
      ],
      'POST /auth/2fa/totp/enable': () => {
        tries += 1;
        if (tries === 1) {
          return [
            400,
            { message: T.wrongCode, code: 'TWO_FACTOR_CODE_WRONG', errors: { code: T.wrongCode } },
          ];
        }
        on = true;
        return [200, { success: true, message: T.enabled, recoveryCodes: CODES }];
      },
    });
    renderWithApp(<TwoFactorPanel />);
    expect(await screen.findByText(S.statusOff)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: S.setUp }));

    expect(await screen.findByRole('img', { name: S.qrAlt })).toBeVisible();
    // The key in fours, each group kept whole on a line (it wrapped mid-group on a phone).
    const key = screen.getByText(S.keyInstead).nextElementSibling as HTMLElement;
    expect(key.textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    const groups = [...key.children];
    expect(groups).toHaveLength(8);
    for (const group of groups) expect(group).toHaveClass('whitespace-nowrap');
    const code = screen.getByLabelText(/Authentication code/);
    await waitFor(() => expect(code).toHaveFocus());
    // Copied without the spaces; the app opens with the address the QR code draws.
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await userEvent.click(screen.getByRole('button', { name: S.copyKey }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await screen.findByText(S.keyCopied)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: S.openInApp })).toHaveAttribute(
      'href',
      `otpauth://totp/Mwamba:a%40b.test?secret=${SECRET}`,
    );
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: S.turnOn }));
    await waitFor(() => expect(code).toHaveAccessibleDescription(T.wrongCode));

    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: S.turnOn }));
    const list = await screen.findByRole('region', { name: S.codesHeading });
    for (const each of CODES) expect(list).toHaveTextContent(each);
    expect(calls.filter((call) => call.url.endsWith('/enable')).at(-1)?.body).toEqual({
      code: '123456',
    });

    await userEvent.click(screen.getByRole('button', { name: S.codesSaved }));
    expect(await screen.findByText(S.statusOn(10))).toBeVisible();
    expect(screen.queryByText(CODES[0]!)).not.toBeInTheDocument();
  });

  it('turns off with the password and a code, and makes new recovery codes with the password', async () => {
    let on = true;
    const calls = mockApi({
      'GET /auth/2fa': () => [200, { totp: on, recoveryCodesLeft: on ? 3 : 0 }],
      'POST /auth/2fa/recovery-codes': [
        200,
        { success: true, message: T.recoveryCodesRenewed, recoveryCodes: CODES },
      ],
      'POST /auth/2fa/disable': () => {
        on = false;
        return [200, { success: true, message: T.disabled }];
      },
    });
    renderWithApp(<TwoFactorPanel />);
    expect(await screen.findByText(S.statusOn(3))).toBeVisible();

    await userEvent.click(screen.getByRole('button', { name: S.newCodes }));
    const asking = await screen.findByRole('dialog', { name: S.newCodesHeading });
    // No password: the form says so and nothing is sent.
    await userEvent.click(screen.getByRole('button', { name: S.newCodesAction }));
    expect(await screen.findByText('Password is required')).toBeVisible();
    expect(calls.some((call) => call.url.endsWith('/recovery-codes'))).toBe(false);
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret123');
    await userEvent.click(screen.getByRole('button', { name: S.newCodesAction }));
    expect(await screen.findByRole('region', { name: S.codesHeading })).toBeVisible();
    expect(asking).not.toBeInTheDocument();
    expect(calls.find((call) => call.url.endsWith('/recovery-codes'))?.body).toEqual({
      password: 'Secret123',
    });
    await userEvent.click(screen.getByRole('button', { name: S.codesSaved }));

    await userEvent.click(await screen.findByRole('button', { name: S.turnOff }));
    const dialog = await screen.findByRole('dialog', { name: S.turnOffHeading });
    await userEvent.type(screen.getByLabelText(/^Password/), 'Secret123');
    await userEvent.type(screen.getByLabelText(/Authentication code/), 'abcde-fghij');
    await userEvent.click(screen.getAllByRole('button', { name: S.turnOff }).at(-1)!);
    expect(await screen.findByText(S.statusOff)).toBeVisible();
    expect(dialog).not.toBeInTheDocument();
    expect(calls.find((call) => call.url.endsWith('/disable'))?.body).toEqual({
      password: 'Secret123',
      recoveryCode: 'abcde-fghij',
    });
  });
});
