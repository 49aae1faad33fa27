import {
  FIRM_BILLING_SETTINGS_TEXTS as B,
  FIRM_SETTINGS_MESSAGES as F,
  defaultFirmSettings,
  type FirmSettingsAnswer,
} from '@firm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render';
import { Component as SystemSettings } from '../routes/system-settings';

const answer = (): FirmSettingsAnswer => ({
  settings: defaultFirmSettings('info@mwamba-advocates.co.ke'),
  updatedAt: null,
  updatedBy: null,
  paybillConnection: { mpesaSetUp: false, registration: null },
});

const renderTab = (path = '/system-settings?tab=firm') =>
  renderWithApp(null, {
    path,
    routeTable: [{ path: '/system-settings', element: <SystemSettings /> }],
  });

describe('System Settings → Firm settings', () => {
  it('saved from the checklist’s Office hours link, says the hours were reviewed (ADR 027)', async () => {
    const saved = { success: true, message: 'Firm settings saved', ...answer() };
    const calls = mockApi({
      'GET /settings/firm': [200, answer()],
      'PUT /settings/firm?reviewed=officeHours': [200, saved],
    });
    // The link lands on its section (jsdom does not scroll).
    Element.prototype.scrollIntoView = vi.fn();
    renderTab('/system-settings?tab=firm#firm-booking-hours');
    await screen.findByRole('checkbox', { name: 'Monday 09:00' });
    await userEvent.click(screen.getByRole('button', { name: 'Save firm settings' }));
    expect(await screen.findByText('Firm settings saved')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.url).toBe(
      '/api/settings/firm?reviewed=officeHours',
    );
  });

  it('shows the defaults and saves the whole settings with a changed fee', async () => {
    const calls = mockApi({
      'GET /settings/firm': [200, answer()],
      'PUT /settings/firm': () => {
        const saved = answer();
        saved.settings.appointmentTypes.consultation.feeKsh = 6500;
        return [
          200,
          {
            success: true,
            message: 'Firm settings saved',
            ...saved,
            updatedAt: '2026-11-23T08:00:00.000Z',
            updatedBy: 'Wanjiru Kamau',
          },
        ];
      },
    });
    renderTab();
    expect(await screen.findByRole('tab', { name: 'Firm settings', selected: true })).toBeVisible();
    // Where the public pages' fee comes from, so an advocate knows a change here is not all.
    expect(
      await screen.findByText(/The public website states the consultation offer as/),
    ).toHaveTextContent('30-minute consultation KES 5,000');
    const fee = await screen.findByLabelText('Consultation fee (KSh)');
    expect(fee).toHaveValue(5000);
    expect(screen.getByRole('checkbox', { name: 'Monday 09:00' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Monday 08:00' })).not.toBeChecked();
    // Saturday's office closes at 14:00: no later start is offered.
    expect(screen.queryByRole('checkbox', { name: 'Saturday 15:00' })).toBeNull();

    await userEvent.clear(fee);
    await userEvent.type(fee, '6500');
    await userEvent.click(screen.getByRole('checkbox', { name: 'Monday 08:00' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save firm settings' }));
    await screen.findByText('Firm settings saved');
    const body = calls.find((call) => call.method === 'PUT')!.body as ReturnType<
      typeof defaultFirmSettings
    >;
    expect(body.appointmentTypes.consultation).toEqual({ feeKsh: 6500, durationMinutes: 30 });
    expect(body.bookingTimes.mon).toEqual([
      '08:00',
      '09:00',
      '10:00',
      '11:00',
      '14:00',
      '15:00',
      '16:00',
    ]);
    expect(await screen.findByText(/Last saved .* by Wanjiru Kamau\./)).toBeVisible();
  });

  it("the firm's daily ceiling on online bookings awaiting email confirmation", async () => {
    const calls = mockApi({
      'GET /settings/firm': [200, answer()],
      'PUT /settings/firm': [200, { success: true, message: 'Firm settings saved', ...answer() }],
    });
    renderTab();
    const ceiling = await screen.findByLabelText(new RegExp(`^${F.visitorCeilingLabel}`));
    expect(ceiling).toHaveValue(20);
    expect(ceiling).toHaveAccessibleDescription(F.visitorCeilingHint);
    await userEvent.clear(ceiling);
    await userEvent.type(ceiling, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save firm settings' }));
    expect(await screen.findByText(F.visitorCeilingInvalid)).toBeVisible();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await userEvent.clear(ceiling);
    await userEvent.type(ceiling, '8');
    await userEvent.click(screen.getByRole('button', { name: 'Save firm settings' }));
    await screen.findByText('Firm settings saved');
    const body = calls.find((call) => call.method === 'PUT')!.body as {
      visitorBookingsDailyCeiling: number;
    };
    expect(body.visitorBookingsDailyCeiling).toBe(8);
  });

  it('the travel time around court dates: 60 minutes by default, 0 to 240', async () => {
    const calls = mockApi({
      'GET /settings/firm': [200, answer()],
      'PUT /settings/firm': [200, { success: true, message: 'Firm settings saved', ...answer() }],
    });
    renderTab();
    const travel = await screen.findByLabelText(/^Travel time around court dates \(minutes\)/);
    expect(travel).toHaveValue(60);
    await userEvent.clear(travel);
    await userEvent.type(travel, '300');
    await userEvent.click(screen.getByRole('button', { name: 'Save firm settings' }));
    expect(await screen.findByText('Enter a whole number of minutes from 0 to 240')).toBeVisible();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await userEvent.clear(travel);
    await userEvent.type(travel, '90');
    await userEvent.click(screen.getByRole('button', { name: 'Save firm settings' }));
    await screen.findByText('Firm settings saved');
    const body = calls.find((call) => call.method === 'PUT')!.body as {
      courtTravelMinutes: number;
    };
    expect(body.courtTravelMinutes).toBe(90);
  });

  it('refuses bad values with the field messages before asking the server', async () => {
    const calls = mockApi({ 'GET /settings/firm': [200, answer()] });
    renderTab();
    const fee = await screen.findByLabelText('Consultation fee (KSh)');
    await userEvent.clear(fee);
    await userEvent.clear(screen.getByLabelText(/Firm notification email/));
    await userEvent.type(screen.getByLabelText(/Firm notification email/), 'not-an-email');
    await userEvent.type(screen.getByLabelText(/Paybill or till number/), '12');
    await userEvent.click(screen.getByRole('button', { name: 'Save firm settings' }));
    expect(await screen.findByText('Fee is required')).toBeVisible();
    expect(screen.getByText('Invalid email address')).toBeVisible();
    expect(screen.getByText('Enter the paybill or till number: 5 to 7 digits')).toBeVisible();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it("keeps what was typed when the server refuses, with the server's messages", async () => {
    mockApi({
      'GET /settings/firm': [200, answer()],
      'PUT /settings/firm': [
        400,
        {
          message: 'Invalid email address',
          errors: { notificationEmail: 'Invalid email address' },
        },
      ],
    });
    renderTab();
    const email = await screen.findByLabelText(/Firm notification email/);
    await userEvent.clear(email);
    await userEvent.type(email, 'bookings@firm.test');
    const reply = screen.getByLabelText('Contact form auto-reply');
    await userEvent.clear(reply);
    await userEvent.type(reply, 'Asante! We read every message.');
    await userEvent.click(screen.getByRole('button', { name: 'Save firm settings' }));
    const form = screen.getByRole('form', { name: 'Firm settings' });
    expect(await within(form).findByText('Invalid email address')).toBeVisible();
    expect(email).toHaveValue('bookings@firm.test');
    expect(reply).toHaveValue('Asante! We read every message.');
  });
  it('saves the billing details: the KRA PIN upper-cased, VAT registration and the bank account', async () => {
    const calls = mockApi({
      'GET /settings/firm': [200, answer()],
      'PUT /settings/firm': [200, { success: true, message: 'Firm settings saved', ...answer() }],
    });
    renderTab();
    const billing = within(await screen.findByRole('group', { name: 'Billing' }));
    const pin = billing.getByLabelText(B.kraPinLabel);
    expect(pin).toHaveAccessibleDescription(B.kraPinHint);
    const vat = billing.getByRole('checkbox', { name: B.vatLabel });
    expect(vat).not.toBeChecked();
    expect(vat).toHaveAccessibleDescription(B.vatHint(16));
    await userEvent.type(pin, 'p051234567x');
    await userEvent.click(vat);
    await userEvent.type(billing.getByLabelText(B.bankNameLabel), 'KCB Bank Kenya');
    await userEvent.type(billing.getByLabelText(B.bankBranchLabel), 'Moi Avenue');
    await userEvent.type(
      billing.getByLabelText(B.bankAccountNameLabel),
      'Mwamba & Associates Advocates Client Account',
    );
    await userEvent.type(billing.getByLabelText(B.bankAccountNumberLabel), '1234567890');
    await userEvent.click(screen.getByRole('button', { name: 'Save firm settings' }));
    await screen.findByText('Firm settings saved');
    expect(calls.find((call) => call.method === 'PUT')!.body).toMatchObject({
      kraPin: 'P051234567X',
      isVatRegistered: true,
      bankName: 'KCB Bank Kenya',
      bankBranch: 'Moi Avenue',
      bankAccountName: 'Mwamba & Associates Advocates Client Account',
      bankAccountNumber: '1234567890',
    });
  });

  it('asks for the KRA PIN of a VAT-registered firm and a whole bank account', async () => {
    const calls = mockApi({ 'GET /settings/firm': [200, answer()] });
    renderTab();
    const billing = within(await screen.findByRole('group', { name: 'Billing' }));
    await userEvent.click(billing.getByRole('checkbox', { name: B.vatLabel }));
    await userEvent.type(billing.getByLabelText(B.bankNameLabel), 'KCB Bank Kenya');
    await userEvent.click(screen.getByRole('button', { name: 'Save firm settings' }));
    expect(await billing.findByText(F.vatNeedsKraPin)).toBeVisible();
    expect(billing.getByLabelText(B.bankAccountNumberLabel)).toHaveAccessibleDescription(
      F.bankAccountIncomplete,
    );
    await userEvent.type(billing.getByLabelText(B.kraPinLabel), 'P05');
    await userEvent.click(screen.getByRole('button', { name: 'Save firm settings' }));
    expect(await billing.findByText(F.kraPinInvalid)).toBeVisible();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});
