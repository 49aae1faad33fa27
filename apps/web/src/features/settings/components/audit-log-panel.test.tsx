import type { AuditLogPage } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApi } from '../../../testing/msw';
import { renderWithApp } from '../../../testing/render';
import { AuditLogPanel } from './audit-log-panel';

/** ADR 016: the audit log reads as sentences, in Nairobi time, with links to records. */

const page: AuditLogPage = {
  entries: [
    {
      id: 'a1',
      action: 'case.viewed',
      actor: { id: 'u1', name: 'Achieng Mwamba', email: 'achieng@firm.test' },
      target: { id: 'u2', name: 'Amani Otieno', email: 'amani@client.test' },
      ip: '203.0.113.7',
      details: { caseId: 'c-1', caseNumber: 'MWA/2026/0001' },
      createdAt: '2026-11-26T07:04:00.000Z',
    },
    {
      id: 'a2',
      action: 'client.updated',
      actor: { id: 'u1', name: 'Achieng Mwamba', email: 'achieng@firm.test' },
      target: { id: 'u2', name: 'Amani Otieno', email: 'amani@client.test' },
      ip: null,
      details: { fields: ['phone'] },
      createdAt: '2026-11-26T07:05:00.000Z',
    },
  ],
  total: 2,
  pagination: { page: 1, limit: 25, pages: 1 },
  actions: ['case.viewed', 'client.updated'],
};

describe('the audit log panel', () => {
  it('shows each row as a sentence with its Nairobi time and a link to the record, no codes or JSON', async () => {
    answerApi((method, path) =>
      method === 'GET' && path.startsWith('/settings/audit-log') ? [200, page] : undefined,
    );
    renderWithApp(<AuditLogPanel />, { path: '/system-settings' });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    const first = within(table).getByText('Achieng Mwamba viewed case file MWA/2026/0001');
    const row = first.closest('tr')!;
    // 07:04 UTC is 10:04 in Nairobi.
    expect(within(row).getByText(/26 Nov 2026,? 10:04/)).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Open case file MWA/2026/0001' })).toHaveAttribute(
      'href',
      '/cases/c-1',
    );
    expect(within(table).getByRole('link', { name: 'Open Amani Otieno’s record' })).toHaveAttribute(
      'href',
      '/clients/u2',
    );
    expect(
      within(table).getByText('Achieng Mwamba changed Amani Otieno’s contact details'),
    ).toBeInTheDocument();
    expect(table).not.toHaveTextContent('case.viewed');
    expect(table).not.toHaveTextContent('caseId');
    // Wrapped between words, never mid-word (break-words, not break-all or wrap-anywhere).
    expect(first.parentElement).toHaveClass('break-words');
    expect(first.parentElement!.className).not.toMatch(/break-all|wrap-anywhere/);
    expect(
      within(screen.getByRole('combobox', { name: 'Action' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['All actions', 'Viewed a case file', 'Changed someone’s contact details']);
  });

  it('filters by days typed day/month/year, whatever the browser’s language, and asks the API in YYYY-MM-DD', async () => {
    const asked: string[] = [];
    answerApi((method, path) => {
      if (method !== 'GET' || !path.startsWith('/settings/audit-log')) return undefined;
      asked.push(path);
      return [200, page];
    });
    renderWithApp(<AuditLogPanel />, { path: '/system-settings' });
    await screen.findByRole('table', { name: 'Audit log' });
    const from = screen.getByRole('textbox', { name: 'From' });
    const to = screen.getByRole('textbox', { name: 'To' });
    expect(from).toHaveAttribute('placeholder', 'dd/mm/yyyy');
    await userEvent.type(from, '01/11/2026');
    await userEvent.type(to, '30/11/2026');
    expect(to).toHaveAccessibleDescription('Reads: Mon 30 Nov 2026');
    await waitFor(() =>
      expect(asked.at(-1)).toMatch(/from=2026-11-01.*to=2026-11-30|to=2026-11-30.*from=2026-11-01/),
    );
  });
});
