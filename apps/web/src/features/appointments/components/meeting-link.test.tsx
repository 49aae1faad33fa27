import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { heldBooking } from '../../../testing/appointments';
import { renderWithApp } from '../../../testing/render';
import { AppointmentCard } from './appointment-card';
import { ConfirmReviewModal } from './confirm-review-modal';
import { MeetingLinkModal } from './meeting-link-dialog';

const LINK = 'https://meet.example.com/wafula-tenancy-kisumu';
const videoCall = heldBooking({
  id: '66666666-6666-4666-8666-666666666666',
  title: 'Eviction notice from the landlord of a shop at Kisumu’s Jubilee Market',
  status: 'scheduled',
  location: 'video',
  client: 'Nekesa Wafula',
  clientId: '00000000-0000-4000-8000-00000000c002',
  clientEmail: 'nekesa.wafula@example.co.ke',
  visitorHold: null,
  holdExpiresAt: null,
});

describe('a video call’s meeting link (ADR 015)', () => {
  it('is added in the confirm review, which previews it as the client will read it', async () => {
    const onConfirm = vi.fn().mockResolvedValue({});
    renderWithApp(
      <ConfirmReviewModal appointment={videoCall} onConfirm={onConfirm} onClose={() => {}} />,
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(
      dialog.getByText('A video call: add the meeting link so the client can join.'),
    ).toBeVisible();
    const field = dialog.getByRole('textbox', { name: 'Meeting link' });

    await userEvent.type(field, 'meet.example.com/abc');
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm and send' }));
    expect(field).toHaveAccessibleDescription(/Meeting link must be an https:\/\/ address/);
    expect(onConfirm).not.toHaveBeenCalled();

    await userEvent.clear(field);
    await userEvent.type(field, LINK);
    // The message was about the link as it was typed before.
    expect(dialog.queryByText('Meeting link must be an https:// address')).toBeNull();
    expect(dialog.getByText(`A video call: ${LINK}`)).toBeVisible();
    await userEvent.click(dialog.getByRole('button', { name: 'Confirm and send' }));
    expect(onConfirm).toHaveBeenCalledWith(LINK);
  });

  it('is changed from the card’s dialog, and the toast says the client was emailed', async () => {
    const onSave = vi
      .fn()
      .mockResolvedValue({ message: 'Meeting link saved and emailed to the client' });
    const onClose = vi.fn();
    renderWithApp(
      <MeetingLinkModal
        appointment={{ ...videoCall, status: 'confirmed', meetingLink: LINK }}
        onSave={onSave}
        onClose={onClose}
      />,
    );
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Meeting link for the video call' }),
    );
    const field = dialog.getByRole('textbox', { name: 'Meeting link' });
    expect(field).toHaveValue(LINK);
    await userEvent.clear(field);
    await userEvent.type(field, 'https://zoom.example.com/j/99');
    await userEvent.click(dialog.getByRole('button', { name: 'Save and email the client' }));
    expect(onSave).toHaveBeenCalledWith('https://zoom.example.com/j/99');
    expect(
      await screen.findByText('Meeting link saved and emailed to the client'),
    ).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
  });

  it('shows on the client’s card as "Join the call"', () => {
    renderWithApp(
      <AppointmentCard
        appointment={{ ...videoCall, status: 'confirmed', meetingLink: LINK }}
        viewer="person"
      />,
    );
    expect(screen.getByRole('link', { name: 'Join the call' })).toHaveAttribute('href', LINK);
  });
});
