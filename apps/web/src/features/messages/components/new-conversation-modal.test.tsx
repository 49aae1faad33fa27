import { MESSAGE_MESSAGES } from '@firm/shared';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderWithApp } from '../../../testing/render';
import { aClientRecord } from '../../../testing/people';
import { NewConversationModal } from './new-conversation-modal';
import { message, summary } from './messages-test-data';

/**
 * New Message's own parts: files by picker or drop with a progress bar each, the
 * colleagues staff may name, and a client chosen by the link from the client page. The upload
 * itself (XMLHttpRequest) is replaced here so the test decides how far each file has gone.
 */

interface Upload {
  path: string;
  body: FormData | { json: unknown };
  onProgress: (loaded: number, total: number) => void;
  resolve: (value: unknown) => void;
}
const uploads: Upload[] = [];
vi.mock('../../../lib/file-transfer', () => ({
  postWithProgress: (path: string, body: Upload['body'], onProgress: Upload['onProgress']) => {
    let resolve!: Upload['resolve'];
    const promise = new Promise((done) => (resolve = done));
    uploads.push({ path, body, onProgress, resolve });
    return { promise, cancel: () => {} };
  },
  downloadFile: () => Promise.resolve(),
}));

const CLIENT = {
  id: '00000000-0000-4000-8000-000000000009',
  firstName: 'Zawadi',
  lastName: 'Njoroge',
  email: 'zawadi@example.test',
};
const COLLEAGUES = {
  success: true,
  staff: [
    { id: '00000000-0000-4000-8000-000000000001', name: 'Wanjiru Kamau', role: 'advocate' },
    { id: '00000000-0000-4000-8000-000000000005', name: 'Baraka Mwangi', role: 'admin' },
  ],
};
const emptyList = (key: 'clients' | 'cases') => ({
  success: true,
  count: 0,
  total: 0,
  pagination: { page: 1, limit: 10, pages: 1 },
  [key]: [],
});
const created = {
  success: true,
  message: 'Message sent',
  conversation: summary(),
  sent: message({ mine: true }),
};

function renderModal(options: { isStaff: boolean; initialClientId?: string | null }) {
  const onCreated = vi.fn();
  renderWithApp(
    <NewConversationModal
      isStaff={options.isStaff}
      mayListCases
      actorId="00000000-0000-4000-8000-000000000001"
      initialClientId={options.initialClientId ?? null}
      onClose={() => {}}
      onCreated={onCreated}
    />,
  );
  return { onCreated, dialog: screen.getByRole('dialog', { name: 'New Message' }) };
}

beforeEach(() => {
  uploads.length = 0;
});
afterEach(() => vi.restoreAllMocks());

const pdf = (name: string, bytes = 100) =>
  new File(['x'.repeat(bytes)], name, { type: 'application/pdf' });
const fileInput = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;

describe('New Message', () => {
  it('sends the first message with files, each with its own progress bar', async () => {
    mockApi({ 'GET /cases?limit=100': [200, emptyList('cases')] });
    const { dialog, onCreated } = renderModal({ isStaff: false });
    await userEvent.upload(fileInput(), [pdf('deed.pdf', 100), pdf('map.pdf', 300)]);
    // And one dropped on the form.
    fireEvent.drop(within(dialog).getByLabelText('Subject').closest('form')!, {
      dataTransfer: { files: [pdf('id.pdf', 100)] },
    });
    const attached = within(dialog).getByRole('list', { name: 'Attachments' });
    expect(
      within(attached)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringContaining('deed.pdf'),
      expect.stringContaining('map.pdf'),
      expect.stringContaining('id.pdf'),
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove id.pdf' }));

    await userEvent.type(within(dialog).getByLabelText('Subject'), 'Title deed');
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Both pages attached');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));

    await waitFor(() => expect(uploads).toHaveLength(1));
    const [upload] = uploads;
    expect(upload!.path).toBe('/conversations');
    const form = upload!.body as FormData;
    expect(form.get('subject')).toBe('Title deed');
    expect(form.get('body')).toBe('Both pages attached');
    expect(form.getAll('file').map((file) => (file as File).name)).toEqual(['deed.pdf', 'map.pdf']);
    // 50 bytes of fields, then deed.pdf (100) whole and half of map.pdf (300).
    act(() => upload!.onProgress(300, 450));
    expect(within(dialog).getByRole('progressbar', { name: 'Uploading deed.pdf' })).toHaveAttribute(
      'value',
      '1',
    );
    expect(within(dialog).getByRole('progressbar', { name: 'Uploading map.pdf' })).toHaveAttribute(
      'value',
      '0.5',
    );
    await act(async () => upload!.resolve(created));
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith(created));
  });

  it('refuses a sixth file', async () => {
    mockApi({ 'GET /cases?limit=100': [200, emptyList('cases')] });
    const { dialog } = renderModal({ isStaff: false });
    await userEvent.upload(
      fileInput(),
      Array.from({ length: 6 }, (_, i) => pdf(`f${i}.pdf`)),
    );
    expect(within(dialog).getByRole('alert')).toHaveTextContent(MESSAGE_MESSAGES.tooManyFiles(5));
    expect(within(dialog).queryByRole('list', { name: 'Attachments' })).toBeNull();
  });

  it('asks staff for a client, a subject and a message (or a file) before anything is sent', async () => {
    mockApi({
      'GET /clients?limit=10': [200, { ...emptyList('clients'), clients: [CLIENT] }],
      'GET /conversations/staff': [200, COLLEAGUES],
      [`GET /cases?limit=100&client=${CLIENT.id}`]: [200, emptyList('cases')],
    });
    const { dialog } = renderModal({ isStaff: true });
    await within(dialog).findByRole('radio', { name: /Zawadi Njoroge/ });
    await userEvent.type(within(dialog).getByLabelText('Subject'), '   ');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    expect(await within(dialog).findByText(MESSAGE_MESSAGES.clientRequired)).toBeVisible();
    expect(within(dialog).getByText(MESSAGE_MESSAGES.subjectRequired)).toBeVisible();
    expect(within(dialog).getByText(MESSAGE_MESSAGES.bodyRequired)).toBeVisible();
    expect(uploads).toEqual([]);

    // A file alone is a message: only the client and the subject are still wanted.
    fireEvent.change(fileInput(), { target: { files: [pdf('Title deed.pdf')] } });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(within(dialog).queryByText(MESSAGE_MESSAGES.bodyRequired)).toBeNull(),
    );
    expect(within(dialog).getByText(MESSAGE_MESSAGES.clientRequired)).toBeVisible();
    expect(uploads).toEqual([]);
  });

  it('sends text only as JSON, with the colleagues staff named', async () => {
    mockApi({
      'GET /clients?limit=10': [200, { ...emptyList('clients'), clients: [CLIENT] }],
      'GET /conversations/staff': [200, COLLEAGUES],
      [`GET /cases?limit=100&client=${CLIENT.id}`]: [200, emptyList('cases')],
    });
    const { dialog } = renderModal({ isStaff: true });
    await userEvent.click(await within(dialog).findByRole('radio', { name: /Zawadi Njoroge/ }));
    const colleagues = within(dialog).getByRole('group', { name: 'Colleagues to include' });
    // The one writing is named anyway: not offered.
    expect(within(colleagues).queryByRole('checkbox', { name: 'Wanjiru Kamau' })).toBeNull();
    await userEvent.click(within(colleagues).getByRole('checkbox', { name: 'Baraka Mwangi' }));
    await userEvent.type(within(dialog).getByLabelText('Subject'), 'Fees');
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Our invoice');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect(uploads[0]!.body).toEqual({
      json: {
        subject: 'Fees',
        body: 'Our invoice',
        clientId: CLIENT.id,
        staffIds: ['00000000-0000-4000-8000-000000000005'],
      },
    });
  });

  it('starts with the client the link chose, even when the search does not list them', async () => {
    mockApi({
      'GET /clients?limit=10': [200, emptyList('clients')],
      'GET /conversations/staff': [200, COLLEAGUES],
      [`GET /clients/${CLIENT.id}`]: [200, aClientRecord(CLIENT)],
      [`GET /cases?limit=100&client=${CLIENT.id}`]: [200, emptyList('cases')],
    });
    const { dialog } = renderModal({ isStaff: true, initialClientId: CLIENT.id });
    expect(await within(dialog).findByRole('radio', { name: /Zawadi Njoroge/ })).toBeChecked();
    await userEvent.type(within(dialog).getByLabelText('Subject'), 'Your lease');
    await userEvent.type(within(dialog).getByLabelText('Message'), 'Hello');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(uploads).toHaveLength(1));
    expect((uploads[0]!.body as { json: { clientId: string } }).json.clientId).toBe(CLIENT.id);
  });
});
