import { type DashboardStats } from '@firm/shared';

/**
 * What the dashboard tests (dashboard.*.test.tsx) share: the dates, and each role's stats.
 */

export const dates = {
  today: '2026-11-23',
  weekStart: '2026-11-23',
  weekEnd: '2026-11-29',
  monthStart: '2026-11-01',
  monthEnd: '2026-11-30',
};

export const clientStats = (overrides: Partial<NonNullable<DashboardStats['client']>> = {}) =>
  ({
    role: 'client',
    ...dates,
    client: {
      activeCases: 2,
      upcomingAppointments: 1,
      unreadMessages: 3,
      recentMessages: [
        {
          conversationId: 'm1',
          subject: 'Title deed copy',
          sender: 'Wanjiru Kamau',
          message: 'Please bring the original on Monday.',
          time: '2026-11-22T08:00:00.000Z',
          unread: true,
        },
      ],
      feesPendingKsh: 5000,
      feesPendingCount: 1,
      recentCases: [
        {
          id: 'c1',
          caseNumber: 'MWA/2026/0042',
          title: 'Boundary dispute Ngong',
          status: 'in_progress',
          lastUpdate: '2026-11-20T08:00:00.000Z',
          nextAction: 'Court date on Thu 3 Dec 2026',
          priority: 'high',
        },
      ],
      upcoming: [
        {
          id: 'a1',
          title: 'Land sale advice',
          date: '2026-12-01',
          time: '10:00',
          type: 'consultation',
          status: 'scheduled',
          client: 'Amani Otieno',
        },
      ],
      unpaidFees: [
        {
          appointmentId: 'a1',
          reference: 'APT-A1B2C3D4',
          title: 'Land sale advice',
          date: '2026-12-01',
          feeKsh: 5000,
        },
      ],
      openCases: [
        { id: 'c1', caseNumber: 'MWA/2026/0042', title: 'Boundary dispute Ngong' },
        { id: 'c2', caseNumber: 'MWA/2026/0043', title: 'Will and probate' },
      ],
      payment: {
        mpesaKind: 'paybill',
        mpesaNumber: '522522',
        mpesaInstructions: 'Account number: your case number',
      },
      ...overrides,
    },
  }) satisfies DashboardStats;
