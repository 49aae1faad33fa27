import type { ChatMessage } from '@firm/shared';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { http, HttpResponse } from 'msw';
import { emitLiveEvent } from '../../../lib/live-events';
import { server } from '../../../testing/msw';
import { anAdvocate } from '../../../testing/people';
import { mockApi } from '../../../testing/render';
import { CONVERSATION_ID, listOf, message, pageOf, summary } from './messages-test-data';
import { clearSessionStorageAfterEach, LIST, PAGE, renderScreen } from './messages-screen-test-kit';

clearSessionStorageAfterEach();

/** The read mark an open conversation sends, answered as the server does. */
const MARKS_READ = {
  [`PUT /conversations/${CONVERSATION_ID}/read`]: [
    200,
    { success: true, message: 'ok', lastReadAt: '2026-11-21T08:00:00.000Z' },
  ] as [number, unknown],
};

/**
 * Opens a conversation whose page the server answers from `shown`: a test changes what the
 * server holds with `serve`, then tells the screen through the stream with `announce`.
 */
async function openLiveConversation(first: ChatMessage) {
  let shown = [first];
  mockApi({
    [LIST]: [200, listOf([summary()])],
    [PAGE]: () => [200, pageOf(shown)],
    ...MARKS_READ,
  });
  renderScreen(`/messages?c=${CONVERSATION_ID}`);
  await screen.findByText(first.body!);
  return {
    serve: (change: (current: ChatMessage[]) => ChatMessage[]) => void (shown = change(shown)),
    announce: (messageId: string | null, kind: 'created' | 'read') =>
      emitLiveEvent('message', { conversationId: CONVERSATION_ID, messageId, kind }),
  };
}

describe('an open conversation', () => {
  it('opens ?c=, with day separators, clickable links as anchors, and marks it read', async () => {
    const calls = mockApi({
      [LIST]: [200, listOf([summary({ unreadCount: 1 })])],
      [PAGE]: [
        200,
        pageOf(
          [
            message({ id: 'm1', body: 'See https://example.test/deed. <b>bold</b>' }),
            message({ id: 'm2', body: 'Next day', createdAt: '2026-11-21T07:00:00.000Z' }),
          ],
          { conversation: summary({ unreadCount: 1 }) },
        ),
      ],
      ...MARKS_READ,
    });
    renderScreen(`/messages?c=${CONVERSATION_ID}`);
    const messages = await screen.findByRole('list', { name: 'Messages' });
    expect(
      within(messages)
        .getAllByRole('separator')
        .map((s) => s.textContent),
    ).toEqual(['Fri 20 Nov 2026', 'Sat 21 Nov 2026']);
    const link = within(messages).getByRole('link', { name: 'https://example.test/deed' });
    expect(link).toHaveAttribute('href', 'https://example.test/deed');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    // Shown as text, never as markup.
    expect(messages).toHaveTextContent('<b>bold</b>');
    await waitFor(() =>
      expect(calls.some((call) => call.method === 'PUT' && call.url.endsWith('/read'))).toBe(true),
    );
  });

  it('waits until the page is in view to mark a conversation read (a background tab has not read it)', async () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    const calls = mockApi({
      [LIST]: [200, listOf([summary({ unreadCount: 1 })])],
      [PAGE]: [
        200,
        pageOf([message({ id: 'm1', body: 'Sent while away' })], {
          conversation: summary({ unreadCount: 1 }),
        }),
      ],
      ...MARKS_READ,
    });
    const reads = () => calls.filter((call) => call.method === 'PUT').length;
    renderScreen(`/messages?c=${CONVERSATION_ID}`);
    await screen.findByText('Sent while away');
    // The list and the page have loaded: nothing is marked while the tab is hidden.
    await waitFor(() => expect(calls.filter((call) => call.method === 'GET')).toHaveLength(2));
    expect(reads()).toBe(0);

    visibility.mockReturnValue('visible');
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    await waitFor(() => expect(reads()).toBe(1));
    visibility.mockRestore();
  });

  it('shows a live message and announces it politely', async () => {
    const live = await openLiveConversation(message({ id: 'm1', body: 'First' }));
    live.serve((shown) => [
      ...shown,
      message({ id: 'm2', body: 'Arrived live', senderName: 'Achieng Odhiambo' }),
    ]);
    live.announce('m2', 'created');
    expect(await screen.findByText('Arrived live')).toBeInTheDocument();
    await waitFor(() =>
      expect(document.querySelector('[aria-live="polite"]')).toHaveTextContent(
        'New message from Achieng Odhiambo',
      ),
    );
  });

  it('announces each new message, even a second one from the same sender in the same minute', async () => {
    const live = await openLiveConversation(message({ id: 'm1', body: 'First' }));
    const region = document.querySelector('[aria-live="polite"]')!;
    const arrive = async (id: string, body: string) => {
      live.serve((shown) => [
        ...shown,
        message({
          id,
          body,
          senderName: 'Achieng Odhiambo',
          createdAt: '2026-11-20T07:01:00.000Z',
        }),
      ]);
      live.announce(id, 'created');
      await screen.findByText(body);
    };
    await arrive('m2', 'Are you free tomorrow?');
    await waitFor(() =>
      expect(region).toHaveTextContent('New message from Achieng Odhiambo, 10:01'),
    );
    const first = region.firstElementChild;
    expect(first).not.toBeNull();
    await arrive('m3', 'Or on Friday?');
    // Same words, but a new announcement: screen readers read out what is added.
    await waitFor(() => expect(region.firstElementChild).not.toBe(first));
    expect(region).toHaveTextContent('New message from Achieng Odhiambo, 10:01');
    expect(first!.isConnected).toBe(false);
  });

  it('shows a message of one’s own as Sending…, then Sent, then Read when the other side reads it', async () => {
    const live = await openLiveConversation(message({ id: 'm1', body: 'Hello' }));
    // The send waits until the test lets it through, so "Sending…" can be seen.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const mine = (state: 'sent' | 'read') =>
      message({ id: 'm2', body: 'Thank you', mine: true, fromClient: true, state });
    server.use(
      http.post(`/api/conversations/${CONVERSATION_ID}/messages`, async () => {
        await released;
        live.serve((shown) => [...shown, mine('sent')]);
        return HttpResponse.json(
          { success: true, message: 'Message sent', sent: mine('sent') },
          { status: 201 },
        );
      }),
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Message' }), 'Thank you');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const messages = screen.getByRole('list', { name: 'Messages' });
    expect(await within(messages).findByText('Sending…')).toBeInTheDocument();
    release();
    expect(await within(messages).findByText('Sent')).toBeInTheDocument();
    expect(within(messages).queryByText('Sending…')).not.toBeInTheDocument();

    // The firm reads it: its receipt arrives on the stream, and the mark becomes Read.
    live.serve(([first]) => [first!, mine('read')]);
    live.announce(null, 'read');
    expect(await within(messages).findByText('Read')).toBeInTheDocument();
    expect(within(messages).queryByText('Sent')).not.toBeInTheDocument();
  });

  it('withdraws a recent message of one’s own only after confirming', async () => {
    const recent = new Date(Date.now() - 60_000).toISOString();
    const calls = mockApi({
      [LIST]: [200, listOf([summary()])],
      [PAGE]: [200, pageOf([message({ id: 'm1', mine: true, state: 'sent', createdAt: recent })])],
      'POST /messages/m1/withdraw': [
        200,
        { success: true, message: 'Message withdrawn', withdrawn: message({ withdrawn: true }) },
      ],
    });
    renderScreen(`/messages?c=${CONVERSATION_ID}`, anAdvocate());
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this message?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.url.endsWith('/withdraw'))).toBe(false);
    await userEvent.click(screen.getByRole('button', { name: 'Withdraw' }));
    await userEvent.click(
      within(screen.getByRole('dialog', { name: 'Withdraw this message?' })).getByRole('button', {
        name: 'Withdraw',
      }),
    );
    await waitFor(() =>
      expect(calls.filter((call) => call.url.endsWith('/withdraw'))).toHaveLength(1),
    );
  });

  it('lets staff who may upload file an attachment to the case', async () => {
    const withDeed = message({
      attachments: [
        { id: 'f1', name: 'deed.pdf', type: 'application/pdf', size: 2048, filedTo: null },
      ],
    });
    const calls = mockApi({
      [LIST]: [200, listOf([summary()])],
      [PAGE]: [200, pageOf([withDeed])],
      [`POST /conversations/${CONVERSATION_ID}/attachments/f1/file-to-case`]: [
        201,
        {
          success: true,
          message: 'File added to the case documents',
          document: {},
          filedTo: {
            caseId: '10000000-0000-4000-8000-000000000003',
            caseNumber: 'MWA/2026/0003',
            caseTitle: 'Land dispute, Kiambu',
          },
        },
      ],
    });
    renderScreen(`/messages?c=${CONVERSATION_ID}`, anAdvocate());
    await userEvent.click(await screen.findByRole('button', { name: 'File deed.pdf to the case' }));
    expect(await screen.findByText('File added to the case documents')).toBeInTheDocument();
    // Filed: the message says where, linking to the case, and offers no second filing.
    expect(
      screen.getByRole('link', { name: 'Filed to MWA/2026/0003 · Land dispute, Kiambu' }),
    ).toHaveAttribute('href', '/cases/10000000-0000-4000-8000-000000000003');
    expect(screen.queryByRole('button', { name: 'File deed.pdf to the case' })).toBeNull();
    expect(calls.filter((call) => call.url.endsWith('/file-to-case'))).toHaveLength(1);
  });

  it('offers no filing to a client', async () => {
    mockApi({
      [LIST]: [200, listOf([summary()])],
      [PAGE]: [
        200,
        pageOf([
          message({
            attachments: [
              { id: 'f1', name: 'deed.pdf', type: 'application/pdf', size: 2048, filedTo: null },
            ],
          }),
        ]),
      ],
    });
    renderScreen(`/messages?c=${CONVERSATION_ID}`);
    await screen.findByRole('button', { name: /deed\.pdf/ });
    expect(screen.queryByRole('button', { name: 'File deed.pdf to the case' })).toBeNull();
  });

  it('has a Back button to the list (a phone shows one at a time)', async () => {
    mockApi({
      [LIST]: [200, listOf([summary()])],
      [PAGE]: [200, pageOf([message()])],
    });
    const { router } = renderScreen(`/messages?c=${CONVERSATION_ID}`);
    await screen.findByText('Hello');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Choose a conversation to read it.')).toBeInTheDocument();
  });
});
