import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { heldBooking } from '../../../testing/appointments';
import { mockApi, renderWithApp } from '../../../testing/render';
import { PaymentModal } from './payment-dialog';

const appointment = heldBooking({
  id: '44444444-4444-4444-8444-444444444444',
  title: 'Initial consultation on the succession of the late Mzee Kiprotich arap Kiplagat',
  status: 'confirmed',
  client: 'Chebet Kiplagat',
  clientId: '00000000-0000-4000-8000-00000000c001',
  fee: 5000,
  visitorHold: null,
  holdExpiresAt: null,
});

const recorded = {
  success: true,
  message: 'Payment recorded. Receipt RC/2026/0007',
  payment: { id: '55555555-5555-4555-8555-555555555555', receiptNumber: 'RC/2026/0007' },
};

function open() {
  const onClose = vi.fn();
  renderWithApp(<PaymentModal appointment={appointment} onClose={onClose} />);
  return { onClose, dialog: within(screen.getByRole('dialog', { name: 'Record payment' })) };
}

describe('Record payment (an appointment’s fee)', () => {
  it('records it through POST /payments for the fee, and says the receipt the server gave', async () => {
    const calls = mockApi({ 'POST /payments': [201, recorded] });
    const { onClose, dialog } = open();
    expect(dialog.getByText(/Amount: KSh 5,000, the appointment’s fee/)).toBeVisible();
    expect(dialog.getByLabelText('Payment method')).toHaveValue('mpesa');
    await userEvent.type(dialog.getByLabelText(/M-Pesa code/), 'SGK7H2LQ9P');
    await userEvent.click(dialog.getByRole('button', { name: 'Record payment' }));

    expect(await screen.findByText('Payment recorded. Receipt RC/2026/0007')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/payments',
        body: {
          appointmentId: appointment.id,
          amountKsh: 5000,
          method: 'mpesa',
          reference: 'SGK7H2LQ9P',
        },
      },
    ]);
    // Never the earlier contract's PUT /appointments/{id}.
    expect(calls.some((call) => call.method === 'PUT')).toBe(false);
  });

  it('asks for the reference unless it was cash, and sends nothing meanwhile', async () => {
    const calls = mockApi({ 'POST /payments': [201, recorded] });
    const { dialog } = open();
    await userEvent.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await dialog.findByText('Please give the payment method and reference')).toBeVisible();
    expect(calls).toEqual([]);

    await userEvent.selectOptions(dialog.getByLabelText('Payment method'), 'cash');
    expect(dialog.getByLabelText('Reference')).not.toBeRequired();
    await userEvent.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(await screen.findByText('Payment recorded. Receipt RC/2026/0007')).toBeInTheDocument();
    expect(calls[0]?.body).toMatchObject({ method: 'cash', amountKsh: 5000, reference: '' });
  });

  it('shows the server’s refusal under the reference and stays open', async () => {
    mockApi({
      'POST /payments': [
        409,
        {
          message: 'This can no longer be paid: it is cancelled, paid or not yet issued',
          code: 'CONFLICT',
        },
      ],
    });
    const { onClose, dialog } = open();
    await userEvent.type(dialog.getByLabelText(/M-Pesa code/), 'SGK7H2LQ9P');
    await userEvent.click(dialog.getByRole('button', { name: 'Record payment' }));
    expect(
      await dialog.findByText(
        'This can no longer be paid: it is cancelled, paid or not yet issued',
      ),
    ).toBeVisible();
    expect(onClose).not.toHaveBeenCalled();
  });
});
