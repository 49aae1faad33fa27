import type { AuditLogPage, DataRequest } from '@firm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render';
import { Component as SystemSettings } from './system-settings';

afterEach(() => vi.restoreAllMocks());

/** The page at a URL with a query string (the route itself matches the path only). */
const renderAt = (url: string) =>
  renderWithApp(null, {
    path: url,
    routeTable: [{ path: '/system-settings', element: <SystemSettings /> }],
  });

const page = (overrides: Partial<AuditLogPage> = {}): AuditLogPage => ({
  entries: [
    {
      id: 'a1',
      action: 'user.created',
      actor: { id: 'u1', name: 'Wanjiru Kamau', email: 'wanjiru@mwamba.test' },
      target: { id: 'u2', name: 'Achieng Otieno', email: 'achieng@mail.test' },
      ip: '41.90.1.2',
      details: { role: 'client' },
      createdAt: '2026-11-23T08:00:00.000Z',
    },
  ],
  total: 1,
  pagination: { page: 1, limit: 25, pages: 1 },
  actions: ['user.created', 'profile.updated'],
  ...overrides,
});

const openRequest: DataRequest = {
  id: 'r1',
  kind: 'erasure',
  status: 'open',
  userId: 'u2',
  requesterName: 'Achieng Otieno',
  requesterEmail: 'achieng@mail.test',
  message: 'Please delete my data',
  reason: null,
  handledBy: null,
  handledAt: null,
  createdAt: '2026-11-22T08:00:00.000Z',
};

describe('System Settings', () => {
  it('shows the audit log and sends the filters to the server', async () => {
    const calls = mockApi({
      'GET /settings/audit-log': [200, page()],
      'GET /settings/audit-log?action=profile.updated': [200, page({ entries: [], total: 0 })],
    });
    renderWithApp(<SystemSettings />, { path: '/system-settings' });
    const table = await screen.findByRole('table', { name: 'Audit log' });
    expect(
      within(table).getByText('Wanjiru Kamau created an account for Achieng Otieno'),
    ).toBeVisible();
    await userEvent.selectOptions(screen.getByLabelText('Action'), 'Updated their profile');
    expect(await screen.findByText('No audit entries')).toBeVisible();
    expect(screen.getByText('Try adjusting your search criteria')).toBeVisible();
    expect(calls.map((call) => call.url)).toContain(
      '/api/settings/audit-log?action=profile.updated',
    );
  });

  it('refuses a request only with a reason, after a confirmation', async () => {
    const calls = mockApi({
      'GET /settings/audit-log': [200, page()],
      'GET /settings/data-requests': [200, { requests: [openRequest] }],
      'PUT /settings/data-requests/r1': [
        200,
        {
          success: true,
          message: 'The request has been updated',
          request: { ...openRequest, status: 'refused' },
        },
      ],
    });
    renderAt('/system-settings?tab=data-requests');
    await userEvent.click(
      await screen.findByRole('button', { name: 'Refuse the request of Achieng Otieno' }),
    );
    const dialog = screen.getByRole('dialog', { name: 'Refuse this request?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse request' }));
    expect(within(dialog).getByText('Give the reason for refusing the request')).toBeVisible();
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
    await userEvent.type(within(dialog).getByLabelText('Reason'), 'The case file is kept.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Refuse request' }));
    await screen.findByText('The request has been updated');
    expect(calls.find((call) => call.method === 'PUT')!.body).toEqual({
      status: 'refused',
      reason: 'The case file is kept.',
    });
  });

  it('explains how to change a key set by the environment, with no button', async () => {
    mockApi({
      'GET /settings/super-key': [200, { source: 'environment', rotatable: false }],
    });
    renderAt('/system-settings?tab=registration-key');
    expect(await screen.findByText(/set in the server’s configuration/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Replace the key' })).toBeNull();
  });

  it('replaces a generated key after a confirmation and shows the new one once', async () => {
    const calls = mockApi({
      'GET /settings/super-key': [200, { source: 'file', rotatable: true }],
      'POST /settings/super-key/rotate': [
        200,
        {
          success: true,
          message: 'The registration key has been replaced.',
          superKey: 'NEW-KEY-123456',
        },
      ],
    });
    renderAt('/system-settings?tab=registration-key');
    await userEvent.click(await screen.findByRole('button', { name: 'Replace the key' }));
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Replace key' }));
    const shown = await screen.findByRole('dialog', { name: 'New registration key' });
    expect(within(shown).getByLabelText('New registration key')).toHaveTextContent(
      'NEW-KEY-123456',
    );
    await userEvent.click(within(shown).getByRole('button', { name: 'Done' }));
    expect(screen.queryByText('NEW-KEY-123456')).toBeNull();
  });
});
