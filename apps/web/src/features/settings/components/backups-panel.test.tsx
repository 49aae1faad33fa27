import {
  BACKUP_MESSAGES,
  backupWhenInWords,
  type BackupRun,
  type BackupsAnswer,
} from '@firm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApi } from '../../../testing/msw';
import { renderWithApp } from '../../../testing/render';
import { BackupsPanel } from './backups-panel';

/** System Settings → Backups (ADR 039): the last good one, the next, where, Back up now. */

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

const good: BackupRun = {
  id: 'b-1',
  trigger: 'scheduled',
  status: 'succeeded',
  startedAt: hoursAgo(5),
  finishedAt: hoursAgo(4.9),
  fileName: 'firm-backup-2026-12-06T23-00-00-000Z.backup',
  sizeBytes: 13_002_342,
  error: null,
  startedBy: null,
  progress: null,
};
const failed: BackupRun = {
  ...good,
  id: 'b-2',
  trigger: 'settings',
  status: 'failed',
  startedAt: hoursAgo(2),
  finishedAt: hoursAgo(1.9),
  sizeBytes: null,
  error: 'The disk is full: /srv/firm/backups has no room left for the backup.',
  startedBy: 'Achieng Mwamba',
};

const answer = (overrides: Partial<BackupsAnswer> = {}): BackupsAnswer => ({
  runs: [failed, good],
  lastSucceeded: good,
  running: null,
  schedule: { hour: 2, nextAt: new Date(Date.now() + 10 * 3_600_000).toISOString() },
  directory: '/srv/firm/backups',
  passphraseSet: true,
  ...overrides,
});

describe('the backups panel', () => {
  it('shows the last good backup in words and MB, the next one, where archives are and the recent runs', async () => {
    answerApi((method, path) =>
      method === 'GET' && path === '/settings/backups' ? [200, answer()] : undefined,
    );
    renderWithApp(<BackupsPanel />, { path: '/system-settings' });
    const last = (await screen.findByText('Last backup')).nextElementSibling as HTMLElement;
    expect(last).toHaveTextContent(
      `Succeeded ${backupWhenInWords(good.finishedAt!, new Date())}, 12.4 MB`,
    );
    expect(screen.getByText('Next nightly backup').nextElementSibling).toHaveTextContent(
      'Nairobi time',
    );
    expect(screen.getByText('/srv/firm/backups')).toBeVisible();
    expect(screen.getByText(/Copy them off this machine/)).toBeVisible();
    const recent = screen.getByRole('list', { name: 'Recent backups' });
    const [first, second] = within(recent).getAllByRole('listitem');
    expect(first).toHaveTextContent('Failed');
    expect(first).toHaveTextContent('Achieng Mwamba');
    expect(first).toHaveTextContent('The disk is full: /srv/firm/backups has no room left');
    expect(second).toHaveTextContent('Succeeded');
    expect(second).toHaveTextContent('nightly schedule');
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeEnabled();
  });

  it('starts a backup and follows it while it runs', async () => {
    let isStarted = false;
    const running: BackupRun = {
      ...good,
      id: 'b-3',
      trigger: 'settings',
      status: 'running',
      startedAt: new Date().toISOString(),
      finishedAt: null,
      sizeBytes: null,
      startedBy: 'Achieng Mwamba',
      progress: { step: 'files', done: 52_428_800, total: 104_857_600 },
    };
    const calls = answerApi((method, path) => {
      if (method === 'POST' && path === '/settings/backups') {
        isStarted = true;
        return [202, { success: true, message: BACKUP_MESSAGES.started, run: running }];
      }
      if (method === 'GET' && path === '/settings/backups') {
        return [200, isStarted ? answer({ running, runs: [running, good] }) : answer()];
      }
      return undefined;
    });
    renderWithApp(<BackupsPanel />, { path: '/system-settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Back up now' }));
    expect(await screen.findByText(/A backup is running/)).toHaveTextContent(
      'Documents: 50.0 MB of 100.0 MB',
    );
    expect(screen.getByRole('button', { name: /Backing up/ })).toBeDisabled();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('says why a backup was refused', async () => {
    answerApi((method) => {
      if (method === 'POST') {
        return [409, { message: BACKUP_MESSAGES.alreadyRunning, code: 'BACKUP_RUNNING' }];
      }
      return method === 'GET' ? [200, answer()] : undefined;
    });
    renderWithApp(<BackupsPanel />, { path: '/system-settings' });
    await userEvent.click(await screen.findByRole('button', { name: 'Back up now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BACKUP_MESSAGES.alreadyRunning);
  });

  it('tells the advocate that no backup can run without the passphrase', async () => {
    answerApi((method) =>
      method === 'GET'
        ? [200, answer({ passphraseSet: false, runs: [], lastSucceeded: null })]
        : undefined,
    );
    renderWithApp(<BackupsPanel />, { path: '/system-settings' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Backups cannot run');
    expect(alert).toHaveTextContent('BACKUP_PASSPHRASE is not set');
    expect(screen.getByText('No backup has been made yet.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Back up now' })).toBeDisabled();
  });

  it('moves the nightly hour', async () => {
    const calls = answerApi((method, path, body) => {
      if (method === 'PUT' && path === '/settings/backups/schedule') {
        const { hour } = body as { hour: number };
        return [200, answer({ schedule: { hour, nextAt: new Date().toISOString() } })];
      }
      return method === 'GET' ? [200, answer()] : undefined;
    });
    renderWithApp(<BackupsPanel />, { path: '/system-settings' });
    const hour = await screen.findByRole('combobox', {
      name: 'Nightly backup hour (Nairobi time)',
    });
    expect(screen.getByRole('button', { name: 'Save hour' })).toBeDisabled();
    await userEvent.selectOptions(hour, '04:00');
    await userEvent.click(screen.getByRole('button', { name: 'Save hour' }));
    expect(await screen.findByText('The nightly backup now runs at 04:00.')).toBeInTheDocument();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({ hour: 4 });
  });
});
