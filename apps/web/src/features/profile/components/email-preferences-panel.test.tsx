import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render';
import { EmailPreferencesPanel } from './email-preferences-panel';

const allOn = {
  case_opened: true,
  case_status_changed: true,
  case_document_added: true,
  court_date_set: true,
  appointment_confirmed: true,
  appointment_rescheduled: true,
  appointment_cancelled: true,
  message_unread: true,
};

const MESSAGE_SWITCH = 'A message to me is still unread after 10 minutes';

describe('EmailPreferencesPanel', () => {
  it('shows a client one switch per kind, all on by default, and saves a change at once', async () => {
    const calls = mockApi({
      'GET /profile/notification-preferences': [200, { success: true, preferences: allOn }],
      'PUT /profile/notification-preferences': [
        200,
        { success: true, preferences: { ...allOn, case_status_changed: false } },
      ],
    });
    renderWithApp(<EmailPreferencesPanel role="client" />);
    const toggle = await screen.findByRole('switch', { name: "My case's status changes" });
    expect(screen.getAllByRole('switch')).toHaveLength(10);
    expect(screen.getByRole('switch', { name: MESSAGE_SWITCH })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(toggle).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(toggle);
    expect(await screen.findByText('Email preferences saved')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: "My case's status changes" })).toHaveAttribute(
      'aria-checked',
      'false',
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      case_status_changed: false,
    });
  });

  it.each(['advocate', 'admin'] as const)(
    'shows %s staff only the message email, and switches it off',
    async (role) => {
      const calls = mockApi({
        'GET /profile/notification-preferences': [200, { success: true, preferences: allOn }],
        'PUT /profile/notification-preferences': [
          200,
          { success: true, preferences: { ...allOn, message_unread: false } },
        ],
      });
      renderWithApp(<EmailPreferencesPanel role={role} />);
      const toggle = await screen.findByRole('switch', { name: MESSAGE_SWITCH });
      // Case and appointment emails only ever reach clients: no switch that does nothing.
      expect(screen.getAllByRole('switch')).toEqual([toggle]);
      await userEvent.click(toggle);
      expect(await screen.findByText('Email preferences saved')).toBeInTheDocument();
      expect(screen.getByRole('switch', { name: MESSAGE_SWITCH })).toHaveAttribute(
        'aria-checked',
        'false',
      );
      expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ message_unread: false });
    },
  );

  it('says the preferences could not be saved, and shows the switch as it was', async () => {
    mockApi({
      'GET /profile/notification-preferences': [200, { success: true, preferences: allOn }],
      // A proxy's answer without the API's message: the screen's own text.
      'PUT /profile/notification-preferences': [502, {}],
    });
    renderWithApp(<EmailPreferencesPanel role="advocate" />);
    await userEvent.click(await screen.findByRole('switch', { name: MESSAGE_SWITCH }));
    expect(await screen.findByText('Failed to save email preferences')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: MESSAGE_SWITCH })).toHaveAttribute(
      'aria-checked',
      'true',
    );
  });
});
