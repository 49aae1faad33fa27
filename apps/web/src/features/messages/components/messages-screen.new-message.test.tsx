import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aClientRecord, anAdvocate } from '../../../testing/people';
import { mockApi } from '../../../testing/render';
import { CONVERSATION_ID, listOf, message, pageOf, summary } from './messages-test-data';
import { clearSessionStorageAfterEach, LIST, PAGE, renderScreen } from './messages-screen-test-kit';

clearSessionStorageAfterEach();

describe('New Message', () => {
  const CASE = {
    id: '10000000-0000-4000-8000-000000000001',
    caseNumber: 'MWA/2026/0042',
    title: 'Boundary dispute Ngong',
  };
  const created = {
    success: true,
    message: 'Message sent',
    conversation: summary(),
    sent: message({ mine: true }),
  };

  it('lets a client write about one of their cases, and opens the new conversation', async () => {
    const calls = mockApi({
      [LIST]: [200, listOf([])],
      'GET /cases?limit=100': [
        200,
        {
          success: true,
          count: 1,
          total: 1,
          pagination: { page: 1, limit: 100, pages: 1 },
          cases: [CASE],
        },
      ],
      'POST /conversations': [201, created],
      [PAGE]: [200, pageOf([message({ mine: true })])],
    });
    const { router } = renderScreen();
    await userEvent.click(await screen.findByRole('button', { name: 'New Message' }));
    const dialog = screen.getByRole('dialog', { name: 'New Message' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Please enter a subject')).toBeInTheDocument();
    const about = within(dialog).getByLabelText('About');
    await screen.findByRole('option', { name: 'MWA/2026/0042 · Boundary dispute Ngong' });
    await userEvent.selectOptions(about, CASE.id);
    await userEvent.type(within(dialog).getByLabelText('Subject'), 'Title deed');
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?c=${CONVERSATION_ID}`));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      subject: 'Title deed',
      body: 'Hello',
      caseId: CASE.id,
    });
  });

  it('opens at once from the dashboard’s Send Message (?new=1), and closing it leaves the list', async () => {
    mockApi({
      [LIST]: [200, listOf([])],
      'GET /cases?limit=100': [
        200,
        {
          success: true,
          count: 0,
          total: 0,
          pagination: { page: 1, limit: 100, pages: 1 },
          cases: [],
        },
      ],
    });
    const { router } = renderScreen('/messages?new=1');
    const dialog = await screen.findByRole('dialog', { name: 'New Message' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('');
  });

  it('opens with the client already chosen from /messages?new=1&client= (the client page’s link)', async () => {
    const clientId = '00000000-0000-4000-8000-000000000009';
    const calls = mockApi({
      [LIST]: [200, listOf([])],
      'GET /clients?limit=10': [
        200,
        {
          success: true,
          count: 0,
          total: 0,
          pagination: { page: 1, limit: 10, pages: 1 },
          clients: [],
        },
      ],
      'GET /conversations/staff': [200, { success: true, staff: [] }],
      [`GET /clients/${clientId}`]: [
        200,
        aClientRecord({
          id: clientId,
          firstName: 'Zawadi',
          lastName: 'Njoroge',
          email: 'zawadi@example.test',
        }),
      ],
      [`GET /cases?limit=100&client=${clientId}`]: [
        200,
        {
          success: true,
          count: 0,
          total: 0,
          pagination: { page: 1, limit: 100, pages: 1 },
          cases: [],
        },
      ],
      'POST /conversations': [201, created],
      [PAGE]: [200, pageOf([message({ mine: true })])],
    });
    const { router } = renderScreen(`/messages?new=1&client=${clientId}`, anAdvocate());
    const dialog = await screen.findByRole('dialog', { name: 'New Message' });
    expect(await within(dialog).findByRole('radio', { name: /Zawadi Njoroge/ })).toBeChecked();
    await userEvent.type(within(dialog).getByLabelText('Subject'), 'Your lease');
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?c=${CONVERSATION_ID}`));
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      subject: 'Your lease',
      body: 'Hello',
      clientId,
    });
  });

  it('has staff choose the client from a search', async () => {
    const calls = mockApi({
      [LIST]: [200, listOf([])],
      'GET /clients?limit=10': [
        200,
        {
          success: true,
          count: 1,
          total: 1,
          pagination: { page: 1, limit: 10, pages: 1 },
          clients: [
            {
              id: '00000000-0000-4000-8000-000000000003',
              firstName: 'Amani',
              lastName: 'Otieno',
              email: 'amani@example.test',
            },
          ],
        },
      ],
      [`GET /cases?limit=100&client=00000000-0000-4000-8000-000000000003`]: [
        200,
        {
          success: true,
          count: 0,
          total: 0,
          pagination: { page: 1, limit: 100, pages: 1 },
          cases: [],
        },
      ],
      'GET /conversations/staff': [200, { success: true, staff: [] }],
      'POST /conversations': [201, created],
      [PAGE]: [200, pageOf([message({ mine: true })])],
    });
    renderScreen('/messages', anAdvocate());
    await userEvent.click(await screen.findByRole('button', { name: 'New Message' }));
    const dialog = screen.getByRole('dialog', { name: 'New Message' });
    await userEvent.type(within(dialog).getByLabelText('Subject'), 'Fees');
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Our invoice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(within(dialog).getByText('Please choose the client')).toBeInTheDocument();
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Amani Otieno/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
        subject: 'Fees',
        body: 'Our invoice',
        clientId: '00000000-0000-4000-8000-000000000003',
      }),
    );
  });
});
