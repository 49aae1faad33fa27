import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render';
import { EmailPreferencesPanel } from './email-preferences-panel';

const allOn = {
  case_opened: true,
  case_status_changed: true,
  case_document_added: true,
  appointment_confirmed: true,
  appointment_rescheduled: true,
  appointment_cancelled: true,
};

describe('EmailPreferencesPanel', () => {
  it('shows one switch per kind, all on by default, and saves a change at once', async () => {
    const calls = mockApi({
      'GET /profile/notification-preferences': [200, { success: true, preferences: allOn }],
      'PUT /profile/notification-preferences': [
        200,
        { success: true, preferences: { ...allOn, case_status_changed: false } },
      ],
    });
    renderWithApp(<EmailPreferencesPanel />);
    const toggle = await screen.findByRole('switch', { name: "My case's status changes" });
    expect(screen.getAllByRole('switch')).toHaveLength(6);
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
});
