import type { Appointment, PublicUser } from '@firm/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi } from '../../../testing/msw';
import { anAdmin } from '../../../testing/people';
import { renderWithApp } from '../../../testing/render';
import { AppointmentsList } from './appointments-list';

const TITLE = 'Initial consultation on the succession of the late Mzee Kiprotich arap Kiplagat';

const unpaid: Appointment = {
  id: '00000000-0000-4000-8000-00000000a001',
  reference: 'APT-7K3Q9',
  title: TITLE,
  description: '',
  type: 'consultation',
  status: 'confirmed',
  date: '2026-12-08',
  time: '10:00',
  startsAt: '2026-12-08T07:00:00.000Z',
  endsAt: '2026-12-08T07:30:00.000Z',
  duration: 30,
  fee: 5000,
  paymentStatus: 'pending',
  paymentMethod: null,
  paymentReference: null,
  location: 'office',
  officeId: null,
  meetingLink: null,
  client: 'Chebet Kiplagat',
  clientId: '00000000-0000-4000-8000-00000000c001',
  clientEmail: 'chebet.kiplagat@example.co.ke',
  clientPhone: '+254722111222',
  advocateId: '00000000-0000-4000-8000-000000000001',
  advocateName: 'Wanjiru Kamau',
  cancellationReason: null,
  createdAt: '2026-11-20T09:00:00.000Z',
  updatedAt: '2026-11-20T09:00:00.000Z',
};

function showListTo(user: PublicUser) {
  answerApi((method, path) =>
    method === 'GET' && path.startsWith('/appointments?')
      ? [
          200,
          {
            success: true,
            count: 1,
            total: 1,
            pagination: { page: 1, limit: 20, pages: 1 },
            appointments: [unpaid],
          },
        ]
      : undefined,
  );
  renderWithApp(<AppointmentsList user={user} />, { path: '/appointments' });
}

describe('who records a payment (issue 25: canManageCases, not the diary toggle)', () => {
  it('an admin who keeps the diary but does not manage cases is not offered Mark as Paid', async () => {
    showListTo(anAdmin({ canScheduleAppointments: true }));
    expect(await screen.findByRole('button', { name: `Reschedule: ${TITLE}` })).toBeVisible();
    expect(screen.queryByRole('button', { name: `Mark as paid: ${TITLE}` })).toBeNull();
  });

  it('an admin who manages cases but not the diary may record the payment, and nothing else', async () => {
    showListTo(anAdmin({ canManageCases: true }));
    expect(await screen.findByRole('button', { name: `Mark as paid: ${TITLE}` })).toBeVisible();
    expect(screen.queryByRole('button', { name: `Reschedule: ${TITLE}` })).toBeNull();
    expect(screen.queryByRole('button', { name: `Cancel: ${TITLE}` })).toBeNull();
  });
});
