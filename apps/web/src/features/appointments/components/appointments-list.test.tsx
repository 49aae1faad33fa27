import { APPOINTMENT_MESSAGES as M, type PublicUser } from '@firm/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { heldBooking } from '../../../testing/appointments';
import { answerApi } from '../../../testing/msw';
import { anAdmin, anAdvocate } from '../../../testing/people';
import { renderWithApp } from '../../../testing/render';
import { AppointmentsList } from './appointments-list';

describe("the staff diary: a visitor's booking still held", () => {
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

const TITLE = 'Initial consultation on the succession of the late Mzee Kiprotich arap Kiplagat';

// A client's confirmed, unpaid appointment (the fixture's visitor booking, made a client's).
const unpaid = heldBooking({
  title: TITLE,
  status: 'confirmed',
  client: 'Chebet Kiplagat',
  clientId: '00000000-0000-4000-8000-00000000c001',
  clientEmail: 'chebet.kiplagat@example.co.ke',
  visitorHold: null,
  holdExpiresAt: null,
});

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

describe('who records a payment (canManageCases, not the diary toggle)', () => {
  it('an admin who keeps the diary but does not manage cases is not offered Record payment', async () => {
    showListTo(anAdmin({ canScheduleAppointments: true }));
    expect(await screen.findByRole('button', { name: `Reschedule: ${TITLE}` })).toBeVisible();
    expect(screen.queryByRole('button', { name: `Record payment: ${TITLE}` })).toBeNull();
  });

  it('an admin who manages cases but not the diary may record the payment, and nothing else', async () => {
    showListTo(anAdmin({ canManageCases: true }));
    expect(await screen.findByRole('button', { name: `Record payment: ${TITLE}` })).toBeVisible();
    expect(screen.queryByRole('button', { name: `Reschedule: ${TITLE}` })).toBeNull();
    expect(screen.queryByRole('button', { name: `Cancel: ${TITLE}` })).toBeNull();
  });
});

describe('dates a person reads are words on a Nairobi clock', () => {
  it('the card, the reschedule and the cancel dialogs say "Tue 8 Dec 2026, 14:00", never ISO', async () => {
    showListTo(anAdvocate());
    expect(await screen.findByText('Tue 8 Dec 2026')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: `Reschedule: ${TITLE}` }));
    const reschedule = await screen.findByRole('dialog', { name: 'Reschedule Appointment' });
    expect(reschedule).toHaveTextContent(
      `${TITLE}: now Tue 8 Dec 2026, 14:00. Choose a new date and time.`,
    );
    expect(reschedule).not.toHaveTextContent('2026-12-08');
    await userEvent.keyboard('{Escape}');
    await userEvent.click(screen.getByRole('button', { name: `Cancel: ${TITLE}` }));
    const cancel = await screen.findByRole('dialog', { name: /cancel/i });
    expect(cancel).toHaveTextContent(`on Tue 8 Dec 2026, 14:00?`);
  });
});

describe('confirming a booking is reviewed first (ADR 027)', () => {
  it('shows the meeting and the email that will be sent; Cancel sends nothing, Confirm sends it', async () => {
    const phoneCall = heldBooking({
      title: TITLE,
      location: 'phone',
      visitorHold: null,
      holdExpiresAt: null,
    });
    const calls = answerApi((method, path) => {
      if (method === 'GET' && path.startsWith('/appointments?'))
        return [
          200,
          {
            success: true,
            count: 1,
            total: 1,
            pagination: { page: 1, limit: 20, pages: 1 },
            appointments: [phoneCall],
          },
        ];
      if (method === 'PUT')
        return [200, { message: M.confirmed, appointment: { ...phoneCall, status: 'confirmed' } }];
      return undefined;
    });
    renderWithApp(<AppointmentsList user={anAdvocate()} />, { path: '/appointments' });
    await userEvent.click(await screen.findByRole('button', { name: `Confirm: ${TITLE}` }));
    const review = await screen.findByRole('dialog', { name: 'Confirm this appointment?' });
    expect(review).toHaveTextContent('Achieng Otieno (a visitor)');
    expect(review).toHaveTextContent('Tue 8 Dec 2026, 14:00 (Nairobi time), 30 minutes');
    expect(review).toHaveTextContent('A phone call: call the client on +254 712 345 678.');
    expect(review).toHaveTextContent('achieng@visitor.test will receive this email:');
    expect(review).toHaveTextContent(
      'Your appointment is confirmed: Mwamba & Associates Advocates',
    );
    expect(review).toHaveTextContent(
      'Your appointment is confirmed. We will call you on +254 712 345 678.',
    );
    expect(review).not.toHaveTextContent('SMS');
    // Keyboard: focus starts on Confirm and send; Cancel closes without a call.
    expect(screen.getByRole('button', { name: 'Confirm and send' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(0);

    await userEvent.click(screen.getByRole('button', { name: `Confirm: ${TITLE}` }));
    await userEvent.click(await screen.findByRole('button', { name: 'Confirm and send' }));
    await expect.poll(() => calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ status: 'confirmed' });
  });
});

describe('the filters a report links with', () => {
  const queryOf = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams);

  function answerList(total: number) {
    return answerApi((method, path) =>
      method === 'GET' && path.startsWith('/appointments?')
        ? [
            200,
            {
              success: true,
              count: 1,
              total,
              pagination: { page: 1, limit: 20, pages: Math.ceil(total / 20) },
              sums: { feesKsh: total * 2_500 },
              appointments: [unpaid],
            },
          ]
        : undefined,
    );
  }

  it('asks for a type and a fee, says them with the total, and Show all clears them', async () => {
    const calls = answerList(9);
    const { router } = renderWithApp(<AppointmentsList user={anAdvocate()} />, {
      path: '/appointments?from=2026-11-01&to=2026-11-30&type=preliminary_call&fee=charged',
    });
    expect(
      await screen.findByText(
        'Showing free preliminary calls Sun 1 Nov 2026 to Mon 30 Nov 2026, with a fee.',
      ),
    ).toBeVisible();
    expect(await screen.findByText('9 appointments · KSh 22,500 in fees')).toBeVisible();
    expect(queryOf(calls[0]!.url)).toMatchObject({
      from: '2026-11-01',
      to: '2026-11-30',
      type: 'preliminary_call',
      fee: 'charged',
    });

    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/appointments?page=1&sort=asc'));
  });

  it('asks for the cancelled ones whose visitor never confirmed, under the Cancelled tab', async () => {
    const calls = answerList(2);
    renderWithApp(<AppointmentsList user={anAdvocate()} />, {
      path: '/appointments?status=cancelled&cancelledBy=system&from=2026-11-01&to=2026-11-30',
    });
    expect(
      await screen.findByText(
        'Showing appointments Sun 1 Nov 2026 to Mon 30 Nov 2026, cancelled because the visitor never confirmed.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('tab', { name: 'Cancelled' })).toHaveAttribute('aria-selected', 'true');
    expect(queryOf(calls[0]!.url)).toMatchObject({ status: 'cancelled', cancelledBy: 'system' });
  });

  it('asks for the fees marked paid without a receipt in the paid days, and says so', async () => {
    const calls = answerList(4);
    renderWithApp(<AppointmentsList user={anAdvocate()} />, {
      path: '/appointments?payment=paid&paidFrom=2026-11-01&paidTo=2026-11-30&receipt=none',
    });
    expect(
      await screen.findByText(
        'Showing appointments marked paid Sun 1 Nov 2026 to Mon 30 Nov 2026 without a receipt.',
      ),
    ).toBeVisible();
    expect(await screen.findByText('4 appointments · KSh 10,000 in fees')).toBeVisible();
    expect(queryOf(calls[0]!.url)).toMatchObject({
      payment: 'paid',
      paidFrom: '2026-11-01',
      paidTo: '2026-11-30',
      receipt: 'none',
    });
  });

  it('leaves out a value the server would refuse, and says nothing of it', async () => {
    const calls = answerList(1);
    renderWithApp(<AppointmentsList user={anAdvocate()} />, {
      path: '/appointments?type=haircut&cancelledBy=nobody',
    });
    expect(await screen.findByText('1 appointment')).toBeVisible();
    expect(calls[0]!.url).toBe('/api/appointments?page=1&sort=asc');
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();
  });
});
