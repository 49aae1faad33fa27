import type { Enquiry, EnquiryList, PublicUser } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAdmin, anAdvocate } from '../../../testing/people';
import { mockApi, renderWithApp } from '../../../testing/render';
import { EnquiriesScreen } from './enquiries-screen';

const MESSAGE_ID = '20000000-0000-4000-8000-000000000001';
const BOOKING_ID = '30000000-0000-4000-8000-000000000001';

const enquiry = (overrides: Partial<Enquiry> = {}): Enquiry => ({
  kind: 'message',
  id: MESSAGE_ID,
  name: 'Achieng Otieno',
  firstName: 'Achieng',
  lastName: 'Otieno',
  email: 'achieng@example.test',
  phone: '+254712345678',
  subject: 'Land title transfer',
  message: 'I need advice on a title deed.\nIt is urgent.',
  reference: 'MW-7K3Q9',
  urgency: 'emergency',
  receivedAt: '2026-11-20T08:00:00.000Z',
  status: 'new',
  note: null,
  changedBy: null,
  changedAt: null,
  client: null,
  version: 0,
  booking: null,
  ...overrides,
});

const list = (enquiries: Enquiry[]): EnquiryList => ({
  success: true,
  count: enquiries.length,
  total: enquiries.length,
  pagination: { page: 1, limit: 20, pages: 1 },
  enquiries,
});

const LIST = 'GET /enquiries?page=1&limit=20';
const renderInbox = (actor: PublicUser) =>
  renderWithApp(<EnquiriesScreen actor={actor} />, { path: '/enquiries' });

describe('the enquiries inbox', () => {
  it('shows a spinner, then messages and bookings with urgency, reply link and Convert', async () => {
    mockApi({
      [LIST]: [
        200,
        list([
          enquiry(),
          enquiry({
            kind: 'booking',
            id: BOOKING_ID,
            name: 'Baraka Njoroge',
            subject: 'Consultation about a lease',
            reference: null,
            urgency: 'normal',
            status: 'in_progress',
            changedBy: { id: 'u1', name: 'Wanjiru Kamau' },
            changedAt: '2026-11-21T08:00:00.000Z',
            booking: {
              startsAt: '2026-12-03T07:00:00.000Z',
              type: 'consultation',
              status: 'scheduled',
              cancelledAt: null,
              cancelledBy: null,
            },
          }),
        ]),
      ],
    });
    renderInbox(anAdvocate());
    expect(await screen.findByRole('status')).toHaveTextContent('Loading enquiries');
    const message = await screen.findByRole('article', { name: 'Land title transfer' });
    const inMessage = within(message);
    expect(inMessage.getByText('Emergency')).toBeInTheDocument();
    expect(inMessage.getByText('Contact message')).toBeInTheDocument();
    // The reference the visitor was given, to find their message when they call.
    expect(inMessage.getByText('Reference MW-7K3Q9')).toBeInTheDocument();
    expect(inMessage.getByRole('link', { name: '+254 712 345 678' })).toHaveAttribute(
      'href',
      'tel:+254712345678',
    );
    const reply = inMessage.getByRole('link', { name: 'Reply by email' });
    const href = reply.getAttribute('href')!;
    expect(href).toMatch(
      /^mailto:achieng%40example\.test\?subject=Re%3A%20Land%20title%20transfer/,
    );
    expect(decodeURIComponent(href)).toContain('> It is urgent.');
    expect(inMessage.getByRole('button', { name: 'Convert to client' })).toBeInTheDocument();

    const booking = within(screen.getByRole('article', { name: 'Consultation about a lease' }));
    expect(booking.getByText('Booking request')).toBeInTheDocument();
    expect(booking.getByText('Consultation on Thu 3 Dec 2026, 10:00')).toBeInTheDocument();
    expect(booking.getByText(/Last changed by Wanjiru Kamau/)).toBeInTheDocument();
    expect(booking.queryByText('Emergency')).not.toBeInTheDocument();
  });

  it('says so when the inbox is empty', async () => {
    mockApi({ [LIST]: [200, list([])] });
    renderInbox(anAdvocate());
    expect(await screen.findByText('No enquiries yet.')).toBeInTheDocument();
  });

  it('shows the server’s message when the inbox cannot be loaded', async () => {
    mockApi({ [LIST]: [403, { message: 'Access denied. Not yours.' }] });
    renderInbox(anAdvocate());
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied. Not yours.');
  });

  it('saves a status and note with the version it read', async () => {
    const calls = mockApi({
      [LIST]: [200, list([enquiry()])],
      [`PATCH /enquiries/message/${MESSAGE_ID}`]: [
        200,
        {
          success: true,
          message: 'Enquiry updated',
          enquiry: enquiry({ status: 'in_progress', note: 'Called back', version: 1 }),
        },
      ],
    });
    // Scheduling appointments is enough to triage; converting needs canAdmitClients.
    renderInbox(anAdmin({ canScheduleAppointments: true }));
    const card = within(await screen.findByRole('article', { name: 'Land title transfer' }));
    // Shown, not hidden, and refused with the toggle it takes and who turns it on.
    const convert = card.getByRole('button', { name: 'Convert to client' });
    expect(convert).toBeDisabled();
    expect(convert).toHaveAccessibleDescription(
      'An admin needs the “Admit Clients” permission; an advocate turns it on in Admin Management → Edit Permissions.',
    );
    await userEvent.selectOptions(card.getByRole('combobox', { name: 'Status' }), 'in_progress');
    await userEvent.type(card.getByRole('textbox', { name: 'Note' }), 'Called back');
    await userEvent.click(card.getByRole('button', { name: /^Save status and note/ }));
    expect(await screen.findByText('Enquiry updated')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')!.body).toEqual({
      status: 'in_progress',
      note: 'Called back',
      version: 0,
    });
  });

  it('shows someone else’s change as an error', async () => {
    mockApi({
      [LIST]: [200, list([enquiry()])],
      [`PATCH /enquiries/message/${MESSAGE_ID}`]: [
        409,
        { message: 'Someone else changed this enquiry.', code: 'VERSION_CONFLICT' },
      ],
    });
    renderInbox(anAdvocate());
    const card = within(await screen.findByRole('article', { name: 'Land title transfer' }));
    await userEvent.selectOptions(card.getByRole('combobox', { name: 'Status' }), 'closed');
    await userEvent.click(card.getByRole('button', { name: /^Save status and note/ }));
    expect(await screen.findByText('Someone else changed this enquiry.')).toBeInTheDocument();
  });

  it('converts an enquiry into a client, pre-filled, and shows the temporary password once', async () => {
    const calls = mockApi({
      [LIST]: [200, list([enquiry()])],
      [`POST /enquiries/message/${MESSAGE_ID}/convert`]: [
        201,
        {
          success: true,
          message: 'Client created successfully',
          user: { ...anAdvocate(), role: 'client', firstName: 'Achieng', lastName: 'Otieno' },
          temporaryPassword: 'Tmp-Pass-5678',
          enquiry: enquiry({ client: { id: 'c1', name: 'Achieng Otieno' } }),
        },
      ],
    });
    renderInbox(anAdmin({ canAdmitClients: true }));
    const card = within(await screen.findByRole('article', { name: 'Land title transfer' }));
    await userEvent.click(card.getByRole('button', { name: 'Convert to client' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Convert to client' }));
    expect(dialog.getByLabelText('First Name')).toHaveValue('Achieng');
    expect(dialog.getByLabelText('Email')).toHaveValue('achieng@example.test');
    await userEvent.click(dialog.getByRole('button', { name: 'Create Client' }));
    const shown = await screen.findByRole('dialog', { name: 'Temporary Password' });
    expect(within(shown).getByText('Tmp-Pass-5678')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      firstName: 'Achieng',
      lastName: 'Otieno',
      email: 'achieng@example.test',
      phone: '+254712345678',
    });
  });

  it('keeps a duplicate email’s message in the form', async () => {
    mockApi({
      [LIST]: [200, list([enquiry()])],
      [`POST /enquiries/message/${MESSAGE_ID}/convert`]: [
        409,
        { message: 'An account with this email already exists.', code: 'EMAIL_TAKEN' },
      ],
    });
    renderInbox(anAdvocate());
    const card = within(await screen.findByRole('article', { name: 'Land title transfer' }));
    await userEvent.click(card.getByRole('button', { name: 'Convert to client' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Convert to client' }));
    await userEvent.click(dialog.getByRole('button', { name: 'Create Client' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'An account with this email already exists.',
    );
  });
});

describe('a cancelled booking in the inbox', () => {
  it('says Cancelled, when and by whom, not New with its old time as if it stood', async () => {
    mockApi({
      [LIST]: [
        200,
        list([
          enquiry({
            kind: 'booking',
            id: BOOKING_ID,
            subject: 'Lease advice',
            reference: null,
            urgency: 'normal',
            status: 'new',
            booking: {
              startsAt: '2026-12-03T07:00:00.000Z',
              type: 'consultation',
              status: 'cancelled',
              cancelledAt: '2026-11-22T09:30:00.000Z',
              cancelledBy: 'client',
            },
          }),
        ]),
      ],
    });
    renderInbox(anAdvocate());
    const card = await screen.findByRole('article', { name: 'Lease advice' });
    expect(within(card).getByText('Cancelled')).toBeVisible();
    // The firm's handling stays in the Status select; no badge says New.
    expect(within(card).queryByText('New', { selector: 'span' })).not.toBeInTheDocument();
    expect(within(card).getByTestId('booking-cancelled')).toHaveTextContent(
      /Consultation, was .+\. Cancelled on .+ by the client\./,
    );
  });
});

describe('the filters a report links with', () => {
  it('sets the kind and urgency, asks for the received days and converted ones, says them, and Show all clears the days', async () => {
    const calls = mockApi({
      'GET /enquiries?kind=booking&urgency=emergency&from=2026-11-01&to=2026-11-30&converted=yes&page=1&limit=20':
        [200, { ...list([enquiry()]), total: 5 }],
      'GET /enquiries?kind=booking&urgency=emergency&page=1&limit=20': [
        200,
        { ...list([enquiry()]), total: 31 },
      ],
    });
    const { router } = renderWithApp(<EnquiriesScreen actor={anAdvocate()} />, {
      path: '/enquiries?from=2026-11-01&to=2026-11-30&kind=booking&urgency=emergency&converted=yes',
    });
    expect(
      await screen.findByText(
        'Showing enquiries received Sun 1 Nov 2026 to Mon 30 Nov 2026, turned into client accounts.',
      ),
    ).toBeVisible();
    expect(await screen.findByText('5 enquiries')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Kind' })).toHaveValue('booking');
    expect(screen.getByRole('combobox', { name: 'Urgency' })).toHaveValue('emergency');

    await userEvent.click(screen.getByRole('button', { name: 'Show all' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?kind=booking&urgency=emergency'),
    );
    expect(await screen.findByText('31 enquiries')).toBeVisible();
    expect(screen.queryByText(/Showing enquiries/)).not.toBeInTheDocument();
    expect(calls.at(-1)?.url).toBe('/api/enquiries?kind=booking&urgency=emergency&page=1&limit=20');
  });
});
