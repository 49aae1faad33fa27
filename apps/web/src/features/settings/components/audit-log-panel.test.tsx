import type { AuditLogPage } from '@firm/shared';
import { screen, within } from '@testing-library/react';
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
});
