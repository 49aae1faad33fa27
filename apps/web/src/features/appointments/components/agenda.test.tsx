import { nairobiToday, type DiaryCourtDate } from '@firm/shared';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { answerApi } from '../../../testing/msw';
import { anAdmin, anAdvocate } from '../../../testing/people';
import { renderWithApp } from '../../../testing/render';
import { Agenda } from './agenda';
import { UpcomingCourtDates } from './upcoming-court-dates';

const today = nairobiToday();

const courtDate = (overrides: Partial<DiaryCourtDate> = {}): DiaryCourtDate => ({
  caseId: '00000000-0000-4000-8000-0000000ca5e1',
  caseNumber: 'MWA/2026/0042',
  caseTitle: 'Land dispute over plot LR 209/1234',
  court: 'Milimani Law Courts',
  courtCaseNumber: 'ELC 17 of 2026',
  courtDate: `${today}T06:30:00.000Z`,
  date: today,
  time: '09:30',
  clientName: 'Amani Otieno',
  assigneeName: 'Wanjiru Kamau',
  ...overrides,
});

const noAppointments = {
  success: true,
  count: 0,
  total: 0,
  pagination: { page: 1, limit: 100, pages: 0 },
  appointments: [],
};

function answerDiary(courtDates: DiaryCourtDate[]) {
  return answerApi((method, path) => {
    if (method === 'GET' && path.startsWith('/appointments?')) return [200, noAppointments];
    if (method === 'GET' && path.startsWith('/court-dates?')) return [200, { courtDates }];
    return undefined;
  });
}

describe('the staff diary shows court dates', () => {
  it('as a read-only entry with the court, the case and the client', async () => {
    const calls = answerDiary([courtDate()]);
    renderWithApp(<Agenda user={anAdvocate()} />);
    const link = await screen.findByRole('link', {
      name: 'MWA/2026/0042: Land dispute over plot LR 209/1234',
    });
    expect(link).toHaveAttribute('href', '/cases/00000000-0000-4000-8000-0000000ca5e1');
    expect(screen.getByText('Court date')).toBeVisible();
    expect(screen.getByText(/Milimani Law Courts · ELC 17 of 2026 · Amani Otieno/)).toBeVisible();
    expect(screen.getByText('09:30')).toBeVisible();
    expect(screen.queryByText('Nothing in the diary that day')).toBeNull();
    // An advocate's own diary: the cases assigned to them.
    expect(calls.find((call) => call.url.startsWith('/api/court-dates'))!.url).toContain(
      `assigneeId=${anAdvocate().id}`,
    );
  });

  it('asks for none for an admin who may not open case files', async () => {
    const calls = answerDiary([courtDate()]);
    renderWithApp(<Agenda user={anAdmin({ canScheduleAppointments: true })} />);
    expect(await screen.findByText('Nothing in the diary that day')).toBeVisible();
    expect(calls.some((call) => call.url.startsWith('/api/court-dates'))).toBe(false);
  });
});

describe("a client's court dates on Appointments", () => {
  it('lists their own with the court and the case', async () => {
    answerDiary([courtDate({ clientName: null })]);
    renderWithApp(<UpcomingCourtDates />);
    expect(await screen.findByRole('heading', { name: 'Your court dates' })).toBeVisible();
    expect(
      screen.getByRole('link', { name: 'MWA/2026/0042: Land dispute over plot LR 209/1234' }),
    ).toBeVisible();
    expect(screen.getByText('Milimani Law Courts · ELC 17 of 2026')).toBeVisible();
  });
});
