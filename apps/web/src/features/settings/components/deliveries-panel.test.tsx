import type { DeliveriesPage, DeliveryView } from '@firm/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { answerApi } from '../../../testing/msw';
import { renderWithApp } from '../../../testing/render';
import { hasAttemptUnderWay } from '../api/deliveries';
import { DeliveriesPanel } from './deliveries-panel';

/** System Settings → Deliveries: what went, to whom (masked), and a failed message sent again. */

const failedSms: DeliveryView = {
  id: 'd-sms',
  channel: 'sms',
  kind: 'appointment_reminder',
  kindLabel: 'Appointment reminder',
  recipient: '+254 7•• ••• 369',
  subject: null,
  status: 'failed',
  attempts: 1,
  createdAt: '2026-11-26T07:04:00.000Z',
  sentAt: null,
  failedAt: '2026-11-26T07:05:00.000Z',
  nextAttemptAt: null,
  retriedAt: null,
  lastError: 'UserInBlacklist',
  providerStatus: 'Failed',
  isConfidential: false,
};

const sentEmail: DeliveryView = {
  ...failedSms,
  id: 'd-email',
  channel: 'email',
  kind: 'contact_auto_reply',
  kindLabel: 'Contact form: automatic reply',
  recipient: 'wa•••@mwamba-and-associates-advocates.co.ke',
  subject: 'We have received your message',
  status: 'sent',
  sentAt: '2026-11-26T06:00:10.000Z',
  failedAt: null,
  lastError: null,
  providerStatus: null,
  createdAt: '2026-11-26T06:00:00.000Z',
};

const failedLink: DeliveryView = {
  ...failedSms,
  id: 'd-link',
  channel: 'email',
  kind: 'password_reset',
  kindLabel: 'Password reset link',
  recipient: 'ja•••@gmail.com',
  subject: 'Reset your password',
  lastError: '550 Mailbox does not exist',
  providerStatus: null,
  isConfidential: true,
};

const pageOf = (deliveries: DeliveryView[]): DeliveriesPage => ({
  deliveries,
  total: deliveries.length,
  pagination: { page: 1, limit: 20, pages: 1 },
});

const retryName = 'Retry the SMS “Appointment reminder” to +254 7•• ••• 369';

describe('the deliveries panel', () => {
  it('shows each message with its masked recipient, Nairobi time and, when it failed, the reason and Retry', async () => {
    answerApi((method, path) =>
      method === 'GET' && path.startsWith('/deliveries')
        ? [200, pageOf([failedSms, sentEmail, failedLink])]
        : undefined,
    );
    renderWithApp(<DeliveriesPanel />, { path: '/system-settings' });
    const table = await screen.findByRole('table', { name: 'Deliveries' });
    expect(screen.getByText('3 messages')).toBeInTheDocument();

    const smsRow = within(table).getByText('+254 7•• ••• 369').closest('tr')!;
    // 07:04 UTC is 10:04 in Nairobi.
    expect(within(smsRow).getByText(/26 Nov 2026,? 10:04/)).toBeInTheDocument();
    expect(within(smsRow).getByText('Appointment reminder')).toBeInTheDocument();
    expect(within(smsRow).getByText('Failed')).toBeInTheDocument();
    expect(within(smsRow).getByText(/26 Nov 2026,? 10:05/)).toBeInTheDocument();
    expect(smsRow).toHaveTextContent('Reason given: UserInBlacklist');
    expect(smsRow).toHaveTextContent('Network report: Failed');
    expect(within(smsRow).getByRole('button', { name: retryName })).toHaveTextContent('Retry');

    const emailRow = within(table)
      .getByText('wa•••@mwamba-and-associates-advocates.co.ke')
      .closest('tr')!;
    expect(emailRow).toHaveTextContent('We have received your message');
    expect(within(emailRow).getByText('Sent')).toBeInTheDocument();
    expect(within(emailRow).queryByRole('button')).toBeNull();

    // A one-time link is never sent again: the person is told what to do instead.
    const linkRow = within(table).getByText('ja•••@gmail.com').closest('tr')!;
    expect(linkRow).toHaveTextContent('Reason given: 550 Mailbox does not exist');
    expect(linkRow).toHaveTextContent('ask the person to request a new one');
    expect(within(linkRow).queryByRole('button')).toBeNull();
  });

  it('sends the status and channel filters to the server', async () => {
    const calls = answerApi((method, path) =>
      method === 'GET' && path.startsWith('/deliveries')
        ? [200, pageOf(path.includes('status=failed') ? [failedSms] : [failedSms, sentEmail])]
        : undefined,
    );
    renderWithApp(<DeliveriesPanel />, { path: '/system-settings' });
    await screen.findByRole('table', { name: 'Deliveries' });
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Failed');
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Channel' }), 'SMS');
    expect(await screen.findByText('1 message')).toBeInTheDocument();
    expect(calls.map((call) => call.url)).toContain(
      '/api/deliveries?status=failed&channel=sms&page=1',
    );
    expect(
      within(screen.getByRole('combobox', { name: 'Channel' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Email and SMS', 'Email', 'SMS']);
  });

  it('retries a failed message without asking, says what happened and refreshes the row', async () => {
    let isRetried = false;
    const calls = answerApi((method, path) => {
      if (method === 'POST' && path === '/deliveries/d-sms/retry') {
        isRetried = true;
        return [
          200,
          {
            success: true,
            message: 'The SMS “Appointment reminder” to +254 7•• ••• 369 is being sent again.',
            delivery: { ...failedSms, status: 'queued', failedAt: null },
          },
        ];
      }
      if (method === 'GET' && path.startsWith('/deliveries')) {
        return [
          200,
          pageOf([
            isRetried
              ? {
                  ...failedSms,
                  status: 'sent',
                  attempts: 2,
                  failedAt: null,
                  lastError: null,
                  providerStatus: null,
                  sentAt: '2026-11-26T08:00:00.000Z',
                  retriedAt: '2026-11-26T07:59:58.000Z',
                }
              : failedSms,
          ]),
        ];
      }
      return undefined;
    });
    renderWithApp(<DeliveriesPanel />, { path: '/system-settings' });
    await userEvent.click(await screen.findByRole('button', { name: retryName }));
    expect(
      await screen.findByText(
        'The SMS “Appointment reminder” to +254 7•• ••• 369 is being sent again.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    const table = screen.getByRole('table', { name: 'Deliveries' });
    expect(await within(table).findByText('Sent')).toBeInTheDocument();
    expect(table).toHaveTextContent(/Retried (\w{3} )?26 Nov 2026,? 10:59/);
    expect(within(table).queryByRole('button', { name: retryName })).toBeNull();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('shows the server’s reason when a retry is refused', async () => {
    answerApi((method) => {
      if (method === 'POST') {
        return [
          409,
          {
            message:
              'This message has already been sent. Only a message that failed can be retried.',
            code: 'DELIVERY_NOT_FAILED',
          },
        ];
      }
      return method === 'GET' ? [200, pageOf([failedSms])] : undefined;
    });
    renderWithApp(<DeliveriesPanel />, { path: '/system-settings' });
    await userEvent.click(await screen.findByRole('button', { name: retryName }));
    expect(
      await screen.findByText(
        'This message has already been sent. Only a message that failed can be retried.',
      ),
    ).toBeInTheDocument();
  });

  it('says when there is nothing yet, and offers Try again when loading fails', async () => {
    let fails = true;
    answerApi((method) =>
      method === 'GET'
        ? fails
          ? [500, { message: 'An error occurred' }]
          : [200, pageOf([])]
        : undefined,
    );
    renderWithApp(<DeliveriesPanel />, { path: '/system-settings' });
    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred');
    fails = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No deliveries')).toBeVisible();
    expect(
      screen.getByText('Emails and SMS appear here as soon as the portal sends them.'),
    ).toBeVisible();
  });
});

describe('following a message being tried', () => {
  const now = Date.parse('2026-11-26T08:00:00.000Z');
  it('looks again while a message is due now, and not for one waiting an hour or long lost', () => {
    const queued = (nextAttemptAt: string) =>
      pageOf([{ ...failedSms, status: 'queued', nextAttemptAt }]);
    expect(hasAttemptUnderWay(queued('2026-11-26T08:00:00.000Z'), now)).toBe(true);
    expect(hasAttemptUnderWay(queued('2026-11-26T09:00:00.000Z'), now)).toBe(false);
    expect(hasAttemptUnderWay(queued('2026-11-26T07:00:00.000Z'), now)).toBe(false);
    expect(hasAttemptUnderWay(pageOf([failedSms]), now)).toBe(false);
  });
});
