import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { http, HttpResponse, server } from '../../../testing/msw';
import { renderWithApp } from '../../../testing/render';
import { fileProgress } from '../api/send-message';
import { Composer } from './composer';
import { CONVERSATION_ID, message } from './messages-test-data';

const URL = `/api/conversations/${CONVERSATION_ID}/messages`;

function renderComposer() {
  const onSent = vi.fn();
  const onSending = vi.fn();
  renderWithApp(
    <Composer conversationId={CONVERSATION_ID} onSending={onSending} onSent={onSent} />,
  );
  return { onSent, onSending, box: screen.getByRole('textbox', { name: 'Message' }) };
}

/** Records each body sent; answers with `status` (0: the network fails). */
function answerSends(statuses: number[]) {
  const bodies: string[] = [];
  server.use(
    http.post(URL, async ({ request }) => {
      bodies.push(((await request.json()) as { body: string }).body);
      const status = statuses.shift() ?? 201;
      if (status === 0) return HttpResponse.error();
      if (status !== 201) return HttpResponse.json({ message: 'Busy' }, { status });
      return HttpResponse.json(
        {
          success: true,
          message: 'Message sent',
          sent: message({ mine: true, body: bodies.at(-1)! }),
        },
        { status: 201 },
      );
    }),
  );
  return bodies;
}

afterEach(() => {
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('the composer', () => {
  it('sends with Enter on a desktop; Shift+Enter starts a new line', async () => {
    const bodies = answerSends([201]);
    const { box, onSent } = renderComposer();
    await userEvent.type(box, 'First line{Shift>}{Enter}{/Shift}second line');
    expect(box).toHaveValue('First line\nsecond line');
    expect(bodies).toEqual([]);
    await userEvent.type(box, '{Enter}');
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(bodies).toEqual(['First line\nsecond line']);
    expect(box).toHaveValue('');
  });

  it('on a touch screen, Enter inserts a line and only the Send button sends', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: query === '(pointer: coarse)' }) as MediaQueryList,
    );
    const bodies = answerSends([201]);
    const { box, onSent } = renderComposer();
    await userEvent.type(box, 'One{Enter}two');
    expect(box).toHaveValue('One\ntwo');
    expect(bodies).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(bodies).toEqual(['One\ntwo']);
  });

  it('keeps the draft per conversation across a remount', async () => {
    const first = renderComposer();
    await userEvent.type(first.box, 'Half written');
    first.box.blur();
    // The tab reloads (or the person opens another conversation and comes back).
    document.body.innerHTML = '';
    const again = renderComposer();
    expect(again.box).toHaveValue('Half written');
  });

  it('shows a failure with Retry and loses nothing typed; Retry sends it', async () => {
    const bodies = answerSends([0, 201]);
    const { box, onSent } = renderComposer();
    await userEvent.type(box, 'Please call me{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your message was not sent');
    expect(box).toHaveValue('Please call me');
    expect(sessionStorage.getItem(`messages.draft.${CONVERSATION_ID}`)).toBe('Please call me');
    expect(onSent).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(onSent).toHaveBeenCalled());
    expect(bodies).toEqual(['Please call me', 'Please call me']);
    expect(box).toHaveValue('');
    expect(sessionStorage.getItem(`messages.draft.${CONVERSATION_ID}`)).toBeNull();
  });

  it('takes files dropped on it, each removable before sending', () => {
    renderComposer();
    const file = new File(['%PDF-1.4'], 'deed.pdf', { type: 'application/pdf' });
    fireEvent.drop(screen.getByRole('form', { name: 'Write a message' }), {
      dataTransfer: { files: [file] },
    });
    expect(screen.getByRole('list', { name: 'Attachments' })).toHaveTextContent('deed.pdf');
    fireEvent.click(screen.getByRole('button', { name: 'Remove deed.pdf' }));
    expect(screen.queryByRole('list', { name: 'Attachments' })).not.toBeInTheDocument();
  });
});

describe('per-file upload progress', () => {
  it('gives each file its share of the bytes sent, in order, after the body', () => {
    const a = new File(['x'.repeat(100)], 'a.pdf');
    const b = new File(['x'.repeat(300)], 'b.pdf');
    // 50 bytes of body and framing, then a (100), then b (300).
    expect(fileProgress([a, b], 0, 450)).toEqual([0, 0]);
    expect(fileProgress([a, b], 100, 450)).toEqual([0.5, 0]);
    expect(fileProgress([a, b], 300, 450)).toEqual([1, 0.5]);
    expect(fileProgress([a, b], 450, 450)).toEqual([1, 1]);
  });
});
