import { ETIMS_RECEIPT_TEXTS as R, ETIMS_TEXTS as T, type FeeNoteEtims } from '@firm/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aClient, anAdvocate } from '../../../testing/people';
import { mockApi, renderWithApp } from '../../../testing/render';
import { NOTE_ID, aFeeNote } from './billing-test-data';
import { FeeNotePage } from './fee-note-page';

/**
 * KRA eTIMS on the fee note's screen (ADR 049): sent, awaiting KRA, refused, 48 hours unanswered,
 * KRA has it, not set up.
 */

const ADDRESS =
  'https://etims.kra.go.ke/common/link/etims/receipt/indexEtimsReceiptData?Data=P051234567X00A1B2C3D4E5F60718';
const SENT: FeeNoteEtims = {
  state: 'sent',
  curRcptNo: 42,
  totRcptNo: 1042,
  rcptSign: 'A1B2C3D4E5F60718',
  sdcDateTime: '20261207101504',
  intrlData: 'QWERTYUIOPASDFGHJKLZXCVBNM',
  verificationUrl: ADDRESS,
};

function show(etims: FeeNoteEtims, actor = aClient()) {
  const calls = mockApi({
    [`GET /fee-notes/${NOTE_ID}`]: [200, aFeeNote({ etims })],
    [`POST /fee-notes/${NOTE_ID}/etims/retry`]: [200, { state: 'awaiting' }],
  });
  renderWithApp(<FeeNotePage id={NOTE_ID} actor={actor} />, { path: `/billing/${NOTE_ID}` });
  return calls;
}
const panel = async () => within(await screen.findByRole('region', { name: R.heading }));
const valueOf = (region: ReturnType<typeof within>, label: string) =>
  region.getByText(label).closest('div')!.querySelector('dd')!.textContent;

describe('KRA eTIMS on a fee note', () => {
  it("shows KRA's receipt, its signature and time, and a QR code and link to KRA's check", async () => {
    show(SENT);
    const kra = await panel();
    expect(kra.getByText(T.state.sent)).toBeVisible();
    expect(valueOf(kra, R.receiptNumber)).toBe('42');
    expect(valueOf(kra, R.totalReceiptNumber)).toBe('1042');
    expect(valueOf(kra, R.signature)).toBe('A1B2C3D4E5F60718');
    expect(valueOf(kra, R.dateTime)).toBe('Mon 7 Dec 2026, 10:15:04');
    expect(valueOf(kra, R.internalData)).toBe('QWERTYUIOPASDFGHJKLZXCVBNM');
    const qr = await kra.findByRole('img', { name: R.qrAlt });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(kra.getByRole('link', { name: R.checkWithKra })).toHaveAttribute('href', ADDRESS);
  });

  it('says it awaits KRA before KRA answers, with no receipt yet', async () => {
    show({ state: 'awaiting' });
    const kra = await panel();
    expect(kra.getByText(R.provisionalTitle)).toBeVisible();
    expect(kra.getByText(R.awaitingClient)).toBeVisible();
    expect(kra.queryByText(R.receiptNumber)).toBeNull();
    expect(kra.queryByRole('img')).toBeNull();
  });

  it("shows staff KRA's refusal in plain words with Retry; the client reads it as awaiting KRA", async () => {
    const message = T.refusedBecause('Request parameter error: custTin');
    const calls = show({ state: 'refused', message }, anAdvocate());
    const kra = await panel();
    const alert = kra.getByRole('alert');
    expect(alert).toHaveTextContent(T.state.refused);
    expect(alert).toHaveTextContent(message);
    await userEvent.click(kra.getByRole('button', { name: R.retry }));
    await waitFor(() =>
      expect(calls.map((call) => `${call.method} ${call.url}`)).toContain(
        `POST /api/fee-notes/${NOTE_ID}/etims/retry`,
      ),
    );
  });

  it('never shows a client KRA’s refusal', async () => {
    show({ state: 'refused' });
    const kra = await panel();
    expect(kra.getByText(R.awaitingClient)).toBeVisible();
    expect(kra.queryByText(T.state.refused)).toBeNull();
    expect(kra.queryByRole('button', { name: R.retry })).toBeNull();
  });

  it('says it was not sent to KRA when eTIMS is not set up', async () => {
    show({ state: 'not_configured' });
    const kra = await panel();
    expect(kra.getByText(T.state.not_configured)).toBeVisible();
  });

  it('shows staff that KRA did not answer for 48 hours, with Retry; a client reads awaiting KRA', async () => {
    show({ state: 'failed', message: T.failedMessage }, anAdvocate());
    const kra = await panel();
    const alert = kra.getByRole('alert');
    expect(alert).toHaveTextContent(T.state.failed);
    expect(alert).toHaveTextContent(T.failedMessage);
    expect(kra.getByRole('button', { name: R.retry })).toBeVisible();
  });

  it('says KRA has it after KRA answered that it already held the invoice', async () => {
    show({ state: 'kra_has_it' });
    const kra = await panel();
    expect(kra.getByText(T.state.kra_has_it)).toBeVisible();
    expect(kra.queryByRole('button', { name: R.retry })).toBeNull();
  });
});
