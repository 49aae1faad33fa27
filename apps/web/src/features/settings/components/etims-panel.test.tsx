import { ETIMS_TEXTS as T, type EtimsProblem, type EtimsSettingsAnswer } from '@firm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApi } from '../../../testing/msw';
import { renderWithApp } from '../../../testing/render';
import { EtimsPanel } from './etims-panel';

/** System Settings → KRA eTIMS (ADR 049): the set-up, set up again, and what KRA did not take. */

const ready: EtimsSettingsAnswer = {
  configured: true,
  branchId: '00',
  deviceSerial: 'MWAMBA-OSCU-01',
  initialisedAt: '2026-12-01T06:30:00.000Z',
  sdcId: 'KRACU0100000001',
  mrcNo: 'WIS01000150',
  lastError: null,
};

const refused: EtimsProblem = {
  feeNoteId: 'fn-1',
  number: 'FN/2026/0042',
  kind: 'sale',
  invcNo: 42,
  state: 'refused',
  message: T.refusedBecause('Request parameter error: custTin'),
  since: '2026-12-02T07:00:00.000Z',
};
const failed: EtimsProblem = {
  ...refused,
  feeNoteId: 'fn-2',
  number: 'CN/2026/0003',
  kind: 'credit',
  invcNo: 43,
  state: 'failed',
  message: T.failedMessage,
};

describe('the KRA eTIMS panel', () => {
  it(
    'shows the set-up without the key, and sets it up again only after the question',
    { timeout: 15_000 },
    async () => {
      let settings = ready;
      const calls = answerApi((method, path) => {
        if (method === 'GET' && path === '/settings/etims') return [200, settings];
        if (method === 'GET' && path === '/settings/etims/transmissions')
          return [200, { transmissions: [] }];
        if (method === 'POST' && path === '/settings/etims/initialise') {
          settings = { ...ready, initialisedAt: '2026-12-07T08:00:00.000Z' };
          return [200, settings];
        }
        return undefined;
      });
      renderWithApp(<EtimsPanel />, { path: '/system-settings' });
      expect(await screen.findByText('MWAMBA-OSCU-01')).toBeInTheDocument();
      expect(screen.getByText(T.settings.configured)).toBeInTheDocument();
      expect(screen.getByText('KRACU0100000001')).toBeInTheDocument();
      // 06:30 UTC is 09:30 in Nairobi.
      expect(screen.getByText(/1 Dec 2026,? 09:30/)).toBeInTheDocument();
      expect(await screen.findByText(T.problems.empty)).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: T.settings.setUpAgain }));
      const dialog = await screen.findByRole('dialog', { name: T.settings.confirmTitle });
      expect(calls.some((call) => call.method === 'POST')).toBe(false);
      await userEvent.click(within(dialog).getByRole('button', { name: T.settings.confirm }));
      expect(await screen.findByText(T.settings.done)).toBeInTheDocument();
      expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
        '/api/settings/etims/initialise',
      ]);
      expect(await screen.findByText(/7 Dec 2026,? 11:00/)).toBeInTheDocument();
    },
  );

  it('says when eTIMS is not set up, and offers no set-up', async () => {
    answerApi((method, path) => {
      if (path === '/settings/etims')
        return [
          200,
          {
            ...ready,
            configured: false,
            branchId: null,
            deviceSerial: null,
            initialisedAt: null,
            sdcId: null,
            mrcNo: null,
          },
        ];
      if (path === '/settings/etims/transmissions') return [200, { transmissions: [] }];
      return undefined;
    });
    renderWithApp(<EtimsPanel />, { path: '/system-settings' });
    expect(await screen.findByText(T.notConfigured)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: T.settings.setUpAgain })).toBeNull();
  });

  it("lists what KRA refused or did not answer, in KRA's words, and retries one", async () => {
    let isRetried = false;
    const calls = answerApi((method, path) => {
      if (method === 'GET' && path === '/settings/etims') return [200, ready];
      if (method === 'GET' && path === '/settings/etims/transmissions')
        return [200, { transmissions: isRetried ? [failed] : [refused, failed] }];
      if (method === 'POST' && path === '/fee-notes/fn-1/etims/retry') {
        isRetried = true;
        return [200, { state: 'awaiting' }];
      }
      return undefined;
    });
    renderWithApp(<EtimsPanel />, { path: '/system-settings' });
    const list = await screen.findByRole('list', { name: T.problems.title });
    const first = within(list)
      .getByText(/FN\/2026\/0042/)
      .closest('li')!;
    expect(first).toHaveTextContent('Request parameter error: custTin');
    expect(within(first).getByText(T.state.refused)).toBeInTheDocument();
    const second = within(list)
      .getByText(/CN\/2026\/0003/)
      .closest('li')!;
    expect(second).toHaveTextContent(T.failedMessage);
    expect(within(second).getByText(T.state.failed)).toBeInTheDocument();
    expect(second).toHaveTextContent('Credit note');

    await userEvent.click(
      within(first).getByRole('button', { name: T.problems.retryLabel('FN/2026/0042') }),
    );
    expect(await screen.findByText(T.problems.retried('FN/2026/0042'))).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.url)).toEqual([
      '/api/fee-notes/fn-1/etims/retry',
    ]);
    await screen.findByText(T.problems.retried('FN/2026/0042'));
    expect(await within(list).findAllByRole('listitem')).toHaveLength(1);
  });
});
