import { TIME_SCREEN_TEXTS as T, type TimeEntry, type Timer } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApi } from '../../testing/msw';
import { renderWithApp, type FetchCall } from '../../testing/render';
import { TimePanel } from './time-panel';

const CASE_ID = '11111111-1111-4111-8111-111111111111';
const OTHER_CASE_ID = '22222222-2222-4222-8222-222222222222';

const anEntry = (over: Partial<TimeEntry> = {}): TimeEntry => ({
  id: '66666666-6666-4666-8666-666666666661',
  caseId: CASE_ID,
  caseNumber: 'MA/2026/0142',
  clientId: '00000000-0000-4000-8000-000000000003',
  userId: '00000000-0000-4000-8000-000000000001',
  userName: 'Achieng Otieno-Mwangi',
  date: '2026-12-03',
  minutes: 42,
  activity: 'drafting',
  narrative: 'Drafting the amended plaint and the supporting affidavit of Kamau wa Njoroge',
  billable: true,
  rateKsh: 15_000,
  valueKsh: 10_500,
  billing: 'unbilled',
  feeNoteId: null,
  billedKsh: null,
  writeDownReason: null,
  createdAt: '2026-12-03T09:00:00.000Z',
  ...over,
});

const aTimer = (over: Partial<Timer> = {}): Timer => ({
  caseId: CASE_ID,
  caseNumber: 'MA/2026/0142',
  startedAt: '2026-12-07T07:00:00.000Z',
  runningSince: '2026-12-07T07:00:00.000Z',
  elapsedSeconds: 3_725,
  paused: false,
  ...over,
});

function api({
  entries = [anEntry()],
  timer = null as Timer | null,
  onTimer = (body: unknown): [number, unknown] => [200, { timer: null, body }],
  onCreate = (): [number, unknown] => [
    201,
    anEntry({ id: '66666666-6666-4666-8666-666666666662' }),
  ],
} = {}): FetchCall[] {
  return answerApi((method, path, body) => {
    if (method === 'GET' && path === `/time-entries?caseId=${CASE_ID}`) return [200, { entries }];
    if (method === 'GET' && path === '/timer') return [200, { timer }];
    if (method === 'GET' && path === '/time-activities') {
      return [200, { activities: ['attendance', 'drafting', 'perusal', 'call'] }];
    }
    if (method === 'POST' && path === '/timer') return onTimer(body);
    if (method === 'POST' && path === '/time-entries') return onCreate();
    return undefined;
  });
}

const show = () => renderWithApp(<TimePanel caseId={CASE_ID} caseNumber="MA/2026/0142" />);

describe('the Time section of a case', () => {
  it('lists the time recorded with its value and billing state', async () => {
    api({
      entries: [
        anEntry(),
        anEntry({
          id: '66666666-6666-4666-8666-666666666663',
          billing: 'billed',
          minutes: 6,
          activity: 'call',
          valueKsh: 1_500,
        }),
      ],
    });
    show();
    const list = await screen.findByRole('list', { name: T.caption });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('KSh 10,500')).toBeVisible();
    expect(within(rows[0]!).getByText(T.billingLabels.unbilled)).toBeVisible();
    expect(within(rows[1]!).getByText(T.billingLabels.billed)).toBeVisible();
  });

  it('says when no time is recorded', async () => {
    api({ entries: [] });
    show();
    expect(await screen.findByText(T.empty)).toBeVisible();
  });

  it('adds time by hand through the dialog’s named fields', async () => {
    const user = userEvent.setup();
    const calls = api();
    show();
    await user.click(await screen.findByRole('button', { name: T.addTime }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(T.minutesLabel, { exact: false }), '40');
    await waitFor(() =>
      expect(dialog.getByRole('option', { name: 'drafting' })).toBeInTheDocument(),
    );
    await user.selectOptions(dialog.getByLabelText(T.activityLabel, { exact: false }), 'drafting');
    await user.type(
      dialog.getByLabelText(T.narrativeLabel, { exact: false }),
      'Drafting the reply',
    );
    await user.click(dialog.getByRole('button', { name: T.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const post = calls.find((call) => call.method === 'POST' && call.url === '/api/time-entries');
    expect(post?.body).toMatchObject({
      caseId: CASE_ID,
      minutes: 40,
      activity: 'drafting',
      narrative: 'Drafting the reply',
      billable: true,
    });
  });

  it('shows the server’s field message under the field', async () => {
    const user = userEvent.setup();
    api({
      onCreate: () => [
        400,
        {
          message: 'Choose one of the firm’s activities',
          errors: { activity: 'Choose one of the firm’s activities' },
        },
      ],
    });
    show();
    await user.click(await screen.findByRole('button', { name: T.addTime }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText(T.minutesLabel, { exact: false }), '12');
    await waitFor(() => expect(dialog.getByRole('option', { name: 'call' })).toBeInTheDocument());
    await user.selectOptions(dialog.getByLabelText(T.activityLabel, { exact: false }), 'call');
    await user.type(dialog.getByLabelText(T.narrativeLabel, { exact: false }), 'Call');
    await user.click(dialog.getByRole('button', { name: T.save }));
    expect(await dialog.findAllByText('Choose one of the firm’s activities')).not.toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('starts the timer on this case', async () => {
    const user = userEvent.setup();
    const calls = api({ onTimer: () => [200, { timer: aTimer({ elapsedSeconds: 0 }) }] });
    show();
    await user.click(await screen.findByRole('button', { name: T.startTimer }));
    expect(await screen.findByRole('button', { name: T.stopTimer })).toBeVisible();
    expect(calls.find((call) => call.method === 'POST' && call.url === '/api/timer')?.body).toEqual(
      {
        action: 'start',
        caseId: CASE_ID,
      },
    );
  });

  it('shows a running timer kept on the server, and stops it to file the time', async () => {
    const user = userEvent.setup();
    const calls = api({
      timer: aTimer(),
      onTimer: () => [200, { timer: null, entry: anEntry({ minutes: 66 }) }],
    });
    show();
    expect(await screen.findByText(/Timer running: 1:02:\d\d/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: T.stopTimer }));
    expect(await screen.findByRole('button', { name: T.startTimer })).toBeVisible();
    expect(
      calls.find((call) => call.method === 'POST' && call.url === '/api/timer')?.body,
    ).toMatchObject({
      action: 'stop',
    });
  });

  it('says where the timer runs when it is on another case, and offers no start here', async () => {
    api({ timer: aTimer({ caseId: OTHER_CASE_ID, caseNumber: 'MA/2026/0150' }) });
    show();
    expect(await screen.findByText(T.timerOnOtherCase('MA/2026/0150'))).toBeVisible();
    expect(screen.queryByRole('button', { name: T.startTimer })).toBeNull();
  });
});
