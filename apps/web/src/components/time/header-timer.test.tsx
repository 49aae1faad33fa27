import { HEADER_TIMER_TEXTS as H, TIME_SCREEN_TEXTS as T, type Timer } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi } from '../../testing/msw';
import { renderWithApp, type FetchCall } from '../../testing/render';
import { HeaderTimer } from './header-timer';
import { TimePanel } from './time-panel';

const CASE_ID = '11111111-1111-4111-8111-111111111111';

const aTimer = (over: Partial<Timer> = {}): Timer => ({
  caseId: CASE_ID,
  caseNumber: 'MA/2026/0142',
  startedAt: '2026-12-07T07:00:00.000Z',
  runningSince: '2026-12-07T07:00:00.000Z',
  elapsedSeconds: 3_725,
  paused: false,
  ...over,
});

const anEntry = (minutes: number) => ({
  id: '66666666-6666-4666-8666-666666666661',
  caseId: CASE_ID,
  caseNumber: 'MA/2026/0142',
  clientId: '00000000-0000-4000-8000-000000000003',
  userId: '00000000-0000-4000-8000-000000000001',
  userName: 'Wanjiru Kamau',
  date: '2026-12-07',
  minutes,
  activity: 'drafting',
  narrative: 'Drafting the plaint',
  billable: true,
  rateKsh: 15_000,
  valueKsh: 16_500,
  billing: 'unbilled',
  feeNoteId: null,
  billedKsh: null,
  writeDownReason: null,
  createdAt: '2026-12-07T08:06:00.000Z',
});

/** The server's one timer: what GET /timer answers follows what the requests did to it. */
function api(start: Timer | null): FetchCall[] {
  let timer = start;
  return answerApi((method, path, body) => {
    if (method === 'GET' && path === '/timer') return [200, { timer }];
    if (method === 'GET' && path === '/time-activities') {
      return [200, { activities: ['attendance', 'drafting', 'call'] }];
    }
    if (method === 'GET' && path.startsWith('/time-entries')) return [200, { entries: [] }];
    if (method === 'DELETE' && path === '/timer') {
      timer = null;
      return [200, { timer }];
    }
    if (method === 'POST' && path === '/timer') {
      const action = (body as { action: string }).action;
      if (action === 'start') timer = aTimer({ elapsedSeconds: 0 });
      if (action === 'pause') timer = aTimer({ paused: true, runningSince: null });
      if (action === 'resume') timer = aTimer();
      if (action === 'stop') {
        timer = null;
        return [200, { timer, entry: anEntry(66) }];
      }
      return [200, { timer }];
    }
    return undefined;
  });
}

const headerButton = (name: RegExp) => screen.findByRole('button', { name });

afterEach(() => vi.restoreAllMocks());

describe('the header’s timer', () => {
  it('shows nothing while no timer runs', async () => {
    const calls = api(null);
    renderWithApp(<HeaderTimer />);
    await waitFor(() => expect(calls.some((call) => call.url === '/api/timer')).toBe(true));
    expect(screen.queryByRole('button', { name: /Timer/ })).toBeNull();
  });

  it('shows the running timer’s case and time, and pauses and resumes it', async () => {
    const user = userEvent.setup();
    const calls = api(aTimer());
    renderWithApp(<HeaderTimer />);
    const button = await headerButton(/^Timer running on MA\/2026\/0142: 1:02:\d\d$/);
    await user.click(button);
    const panel = within(screen.getByRole('region', { name: H.panelTitle }));
    expect(panel.getByRole('link', { name: H.openCase })).toHaveAttribute(
      'href',
      `/cases/${CASE_ID}`,
    );
    await user.click(panel.getByRole('button', { name: H.pause }));
    expect(await headerButton(/^Timer paused on MA\/2026\/0142: 1:02:05$/)).toBeVisible();
    await user.click(panel.getByRole('button', { name: H.resume }));
    expect(await headerButton(/^Timer running on/)).toBeVisible();
    const actions = calls
      .filter((call) => call.method === 'POST')
      .map((call) => (call.body as { action: string }).action);
    expect(actions).toEqual(['pause', 'resume']);
  });

  it('stops the timer and files its time under the activity and words chosen', async () => {
    const user = userEvent.setup();
    const calls = api(aTimer());
    renderWithApp(<HeaderTimer />);
    await user.click(await headerButton(/^Timer running on/));
    await user.click(screen.getByRole('button', { name: H.stop }));
    const dialog = within(await screen.findByRole('dialog', { name: H.fileTitle }));
    await waitFor(() =>
      expect(dialog.getByRole('option', { name: 'drafting' })).toBeInTheDocument(),
    );
    await user.selectOptions(dialog.getByLabelText(T.activityLabel, { exact: false }), 'drafting');
    await user.type(dialog.getByLabelText(T.narrativeLabel), 'Drafting the plaint');
    await user.click(dialog.getByRole('button', { name: H.fileSubmit }));
    expect(await screen.findByText(T.timerFiled(66))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.queryByRole('button', { name: /^Timer running/ })).toBeNull();
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      action: 'stop',
      activity: 'drafting',
      narrative: 'Drafting the plaint',
      billable: true,
    });
  });

  it('throws the timer away only once the person confirms', async () => {
    const user = userEvent.setup();
    const calls = api(aTimer());
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValue(true);
    renderWithApp(<HeaderTimer />);
    await user.click(await headerButton(/^Timer running on/));
    await user.click(screen.getByRole('button', { name: H.discard }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    await user.click(screen.getByRole('button', { name: H.discard }));
    expect(confirm).toHaveBeenCalledWith(H.confirmDiscard);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: /^Timer running/ })).toBeNull(),
    );
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(1);
  });

  it('shows a timer started in a case’s Time section at once, and the section sees it stop', async () => {
    const user = userEvent.setup();
    api(null);
    renderWithApp(
      <>
        <HeaderTimer />
        <TimePanel caseId={CASE_ID} caseNumber="MA/2026/0142" />
      </>,
    );
    await user.click(await screen.findByRole('button', { name: T.startTimer }));
    await user.click(await headerButton(/^Timer running on MA\/2026\/0142: 0:00:\d\d$/));
    const panel = within(screen.getByRole('region', { name: H.panelTitle }));
    await user.click(panel.getByRole('button', { name: H.stop }));
    const dialog = within(await screen.findByRole('dialog', { name: H.fileTitle }));
    await user.click(dialog.getByRole('button', { name: H.fileSubmit }));
    expect(await screen.findByRole('button', { name: T.startTimer })).toBeVisible();
  });
});
