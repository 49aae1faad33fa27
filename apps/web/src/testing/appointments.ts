import type { Appointment } from '@firm/shared';

/** A visitor's booking as the server answers it, held until 10:30 Nairobi time (07:30 UTC). */
export function heldBooking(overrides: Partial<Appointment> = {}): Appointment {
  return {
    id: '00000000-0000-4000-8000-0000000000a1',
    reference: 'APT-00000000',
    title: 'Lease advice',
    description: 'My landlord wants to end the lease.',
    type: 'consultation',
    status: 'scheduled',
    date: '2026-12-08',
    time: '14:00',
    startsAt: '2026-12-08T11:00:00.000Z',
    endsAt: '2026-12-08T11:30:00.000Z',
    duration: 30,
    fee: 5000,
    paymentStatus: 'pending',
    paymentMethod: null,
    paymentReference: null,
    location: 'office',
    officeId: null,
    meetingLink: null,
    client: 'Achieng Otieno',
    clientId: null,
    clientEmail: 'achieng@visitor.test',
    clientPhone: '+254712345678',
    advocateId: '00000000-0000-4000-8000-0000000000b1',
    advocateName: 'Wanjiru Kamau',
    cancellationReason: null,
    cancelledAt: null,
    cancelledBy: null,
    visitorHold: 'awaiting',
    holdExpiresAt: '2026-12-07T07:30:00.000Z',
    createdAt: '2026-12-07T07:00:00.000Z',
    updatedAt: '2026-12-07T07:00:00.000Z',
    ...overrides,
  };
}
