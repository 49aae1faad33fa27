import { SMS_KIND_LABELS, SMS_TEXTS } from '@firm/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render';
import { SmsPreferencesPanel } from './sms-preferences-panel';

const defaults = { appointments: true, court_dates: true, messages: false };

describe('SmsPreferencesPanel', () => {
  it('names the number texts go to, shows the notice, and saves a switch at once', async () => {
    const calls = mockApi({
      'GET /profile/sms-preferences': [
        200,
        { success: true, preferences: defaults, phone: '+254712982369' },
      ],
      'PUT /profile/sms-preferences': [
        200,
        { success: true, preferences: { ...defaults, messages: true }, phone: '+254712982369' },
      ],
    });
    renderWithApp(<SmsPreferencesPanel />);
    expect(
      await screen.findByText('We text +254 712 982 369 about the things you choose below.'),
    ).toBeInTheDocument();
    expect(screen.getByText(SMS_TEXTS.notice)).toBeInTheDocument();
    expect(screen.getAllByRole('switch')).toHaveLength(4);
    expect(screen.getByRole('switch', { name: SMS_KIND_LABELS.court_dates })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    const messages = screen.getByRole('switch', { name: SMS_KIND_LABELS.messages });
    expect(messages).toHaveAttribute('aria-checked', 'false');
    await userEvent.click(messages);
    expect(await screen.findByText(SMS_TEXTS.saved)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: SMS_KIND_LABELS.messages })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ messages: true });
  });

  it('asks for a mobile number when the profile has none that can take texts', async () => {
    mockApi({
      'GET /profile/sms-preferences': [200, { success: true, preferences: defaults, phone: null }],
    });
    renderWithApp(<SmsPreferencesPanel />);
    expect(await screen.findByText(SMS_TEXTS.noPhone)).toBeInTheDocument();
  });

  it('says so when the choices cannot be loaded', async () => {
    // An answer without the API's message (a 4xx is not retried): the panel's own text.
    mockApi({ 'GET /profile/sms-preferences': [400, {}] });
    renderWithApp(<SmsPreferencesPanel />);
    expect(await screen.findByText(SMS_TEXTS.loadFailed)).toBeInTheDocument();
  });
});
