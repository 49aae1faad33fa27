import {
  PAYBILL_CONNECTION_TEXTS as T,
  PAYBILL_REGISTER_TEXTS as R,
  defaultFirmSettings,
  type FirmSettingsAnswer,
  type PaybillConnection,
} from '@firm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render';
import { Component as SystemSettings } from '../routes/system-settings';

/** Firm settings › M-Pesa › Paybill payments: registering the addresses with Safaricom (ADR 048). */

const registration = {
  registeredAt: '2026-12-07T07:30:00.000Z',
  registeredBy: 'Achieng Mwamba',
  responseType: 'Completed',
  confirmationUrl: 'https://portal.mwamba.co.ke/api/payments/c2b/confirmation/[secret]',
  validationUrl: 'https://portal.mwamba.co.ke/api/payments/c2b/validation/[secret]',
  current: true,
} as const;

const answer = (connection: PaybillConnection): FirmSettingsAnswer => ({
  settings: defaultFirmSettings('info@mwamba-advocates.co.ke'),
  updatedAt: null,
  updatedBy: null,
  paybillConnection: connection,
});

const renderTab = () =>
  renderWithApp(null, {
    path: '/system-settings?tab=firm',
    routeTable: [{ path: '/system-settings', element: <SystemSettings /> }],
  });

const section = async () =>
  within(await screen.findByRole('region', { name: T.heading }, { timeout: 5_000 }));

describe('System Settings → Firm settings → Paybill payments', () => {
  it('says the addresses are not registered, and registers them after a confirmation', async () => {
    const calls = mockApi({
      'GET /settings/firm': [200, answer({ mpesaSetUp: true, registration: null })],
      'POST /settings/mpesa/c2b/register': [
        200,
        {
          success: true,
          message: R.registered,
          darajaAnswer: 'success',
          connection: {
            mpesaSetUp: true,
            registration: { ...registration, responseType: 'Cancelled' },
          },
        },
      ],
    });
    renderTab();
    const paybill = await section();
    expect(paybill.getByText(T.notRegistered)).toBeVisible();

    await userEvent.click(paybill.getByRole('button', { name: T.register }));
    const dialog = await screen.findByRole('dialog', { name: T.dialogTitle });
    expect(
      within(dialog).getByRole('radio', { name: T.responseTypeOptions.Completed }),
    ).toBeChecked();
    await userEvent.click(
      within(dialog).getByRole('radio', { name: T.responseTypeOptions.Cancelled }),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: T.confirm }));

    expect(await paybill.findByRole('status')).toHaveTextContent(R.registered);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(await paybill.findByText(/Registered on .* by Achieng Mwamba\./)).toHaveTextContent(
      T.responseTypeOf.Cancelled,
    );
    expect(paybill.getByRole('button', { name: T.registerAgain })).toBeVisible();
    const posted = calls.filter((call) => call.method === 'POST');
    expect(posted).toHaveLength(1);
    expect(posted[0]!.body).toEqual({ responseType: 'Cancelled' });
    // Registering is its own request: the settings form was not submitted with it.
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('shows the server’s plain words when Safaricom fails, and nothing changes', async () => {
    mockApi({
      'GET /settings/firm': [200, answer({ mpesaSetUp: true, registration })],
      'POST /settings/mpesa/c2b/register': [
        502,
        { message: R.darajaUnavailable, code: 'DARAJA_FAILED' },
      ],
    });
    renderTab();
    const paybill = await section();
    expect(paybill.getByText(/Registered on .* by Achieng Mwamba\./)).toHaveTextContent(
      T.responseTypeOf.Completed,
    );
    await userEvent.click(paybill.getByRole('button', { name: T.registerAgain }));
    const dialog = await screen.findByRole('dialog', { name: T.dialogTitle });
    await userEvent.click(within(dialog).getByRole('button', { name: T.confirm }));
    expect(await paybill.findByRole('alert')).toHaveTextContent(R.darajaUnavailable);
    expect(paybill.getByRole('button', { name: T.registerAgain })).toBeVisible();
  });

  it('says when the registration is out of date, or M-Pesa is not set up on the server', async () => {
    mockApi({
      'GET /settings/firm': [
        200,
        answer({ mpesaSetUp: false, registration: { ...registration, current: false } }),
      ],
    });
    renderTab();
    const paybill = await section();
    expect(paybill.getByText(T.notCurrent)).toBeVisible();
    expect(paybill.getByText(T.notSetUp)).toBeVisible();
  });
});
