import { RATE_SCREEN_TEXTS as R, type FeeArrangement } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApi } from '../../testing/msw';
import { anAdmin, anAdvocate } from '../../testing/people';
import { renderWithApp } from '../../testing/render';
import { FeeArrangementSummary } from './fee-arrangement';

const CASE_ID = '11111111-1111-4111-8111-111111111111';

function api(arrangement: FeeArrangement | null) {
  return answerApi((method, path, body) => {
    if (path !== `/cases/${CASE_ID}/fee-arrangement`) return undefined;
    if (method === 'GET') return [200, { arrangement }];
    if (method === 'PUT') return [200, { arrangement: { caseId: CASE_ID, ...(body as object) } }];
    return undefined;
  });
}

const show = (actor = anAdvocate()) =>
  renderWithApp(<FeeArrangementSummary caseId={CASE_ID} caseNumber="MA/2026/0142" actor={actor} />);

describe('a case’s fee arrangement', () => {
  it('says when none is recorded, and lets an advocate record a fixed fee in stages', async () => {
    const user = userEvent.setup();
    const calls = api(null);
    show();
    expect(await screen.findByText(R.arrangementNone)).toBeVisible();
    await user.click(screen.getByRole('button', { name: R.arrangementRecord }));
    const dialog = within(await screen.findByRole('dialog', { name: R.arrangementDialog }));
    await user.selectOptions(dialog.getByLabelText(R.kindLabel), 'stages');
    await user.type(dialog.getByLabelText(R.fixedFeeLabel), '150000');
    await user.type(dialog.getByLabelText(R.stagesLabel), 'Filing: 50,000{Enter}Hearing: 100,000');
    await user.click(dialog.getByRole('button', { name: R.save }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((call) => call.method === 'PUT')?.body).toMatchObject({
      kind: 'stages',
      hourlyRateKsh: null,
      fixedFeeKsh: 150_000,
      stages: 'Filing: 50,000\nHearing: 100,000',
    });
    expect(await screen.findByText(/Fixed fee of KSh 150,000, in stages/)).toBeVisible();
  });

  it('shows an agreed hourly rate to someone who records time, with nothing to change', async () => {
    api({
      caseId: CASE_ID,
      kind: 'hourly',
      agreedOn: '2026-11-20',
      hourlyRateKsh: 12_000,
      fixedFeeKsh: null,
      stages: null,
    });
    show(anAdmin({ canOpenFiles: true }));
    expect(await screen.findByText(/Hourly at KSh 12,000 an hour, agreed on/)).toBeVisible();
    expect(screen.queryByRole('button', { name: R.arrangementEdit })).toBeNull();
  });
});
