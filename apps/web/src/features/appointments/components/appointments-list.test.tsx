import { APPOINTMENT_MESSAGES as M } from '@firm/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { heldBooking } from '../../../testing/appointments';
import { anAdvocate } from '../../../testing/people';
import { answerApi } from '../../../testing/msw';
import { renderWithApp } from '../../../testing/render';
import { AppointmentsList } from './appointments-list';

describe("the staff diary: a visitor's booking still held (issue 23)", () => {
  it('shows it awaiting the email confirmation, with Cancel only: no Confirm, no Reschedule', async () => {
    answerApi((method, path) => {
      if (method !== 'GET' || !path.startsWith('/appointments?')) return undefined;
      return [
        200,
        {
          success: true,
          count: 1,
          total: 1,
          pagination: { page: 1, limit: 20, pages: 1 },
          appointments: [heldBooking()],
        },
      ];
    });
    renderWithApp(<AppointmentsList user={anAdvocate()} />);
    expect(await screen.findByText(M.holdBadge.awaiting)).toBeVisible();
    expect(screen.getByText(M.awaitingVisitorConfirmation)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Cancel: Lease advice' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Confirm: Lease advice' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Reschedule: Lease advice' })).toBeNull();
  });
});
