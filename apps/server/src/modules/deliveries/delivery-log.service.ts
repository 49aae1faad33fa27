import {
  DELIVERY_KIND_LABELS,
  DELIVERY_MESSAGES,
  deliveryKindLabel,
  paginationOf,
  type DeliveriesFilters,
  type DeliveriesPage,
  type DeliveryView,
} from '@firm/shared';
import type { Db } from '../../db/client';
import type { UserRow } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { RequestMeta } from '../../lib/route-kit';
import { writeAudit } from '../audit/audit-log.repository';
import {
  findDeliveryForUpdate,
  listDeliveries,
  requeueFailedDelivery,
  type ListedDelivery,
} from './deliveries.repository';
import type { Outbox } from './outbox';

export interface DeliveriesDeps {
  db: Db;
  outbox: Outbox;
}

/**
 * System Settings → Deliveries (advocates only; the routes check `settings:view`): the outbox's
 * messages, and sending a failed one again. Recipients are masked here, so an address or a
 * number never leaves the server whole, and a message's body, reply-to and attachments are never
 * read for the screen at all.
 */

const HIDDEN = '•••';

/**
 * `ja•••@gmail.com`: the first two characters of the local part and the whole domain. A local
 * part of two characters or fewer keeps one less, so the screen never shows a whole address.
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at <= 0) return HIDDEN;
  // By code point, so a name written in another script is not cut through a character.
  const local = Array.from(address.slice(0, at));
  const kept = local.slice(0, Math.min(2, local.length - 1)).join('');
  return `${kept}${HIDDEN}${address.slice(at)}`;
}

/** `+254 7•• ••• 369`: the country code, the first digit (the network) and the last three. */
export function maskPhone(number: string): string {
  const digits = number.replace(/\D/g, '');
  if (/^254\d{9}$/.test(digits)) return `+254 ${digits[3]}•• ••• ${digits.slice(-3)}`;
  // The outbox texts Kenyan numbers only (queueDelivery); anything else keeps its last three.
  return digits.length > 3 ? `${HIDDEN} ${digits.slice(-3)}` : HIDDEN;
}

export const maskRecipient = (row: Pick<ListedDelivery, 'channel' | 'recipient'>) =>
  row.channel === 'email' ? maskEmail(row.recipient) : maskPhone(row.recipient);

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The ways a provider may write a Kenyan number in its answer, longest first. */
function phoneForms(e164: string): string[] {
  const digits = e164.replace(/\D/g, '');
  if (!/^254\d{9}$/.test(digits)) return [e164];
  const national = digits.slice(3);
  const spaced = `${national.slice(0, 3)} ${national.slice(3, 6)} ${national.slice(6)}`;
  return [`+254 ${spaced}`, `+${digits}`, digits, `0${spaced}`, `0${national}`, national];
}

/**
 * A pattern matching an address however a server writes it: each character as itself or
 * percent-encoded (`jane%40example.com`, `jane%2Bx@…`, in either case of hex) or as quoted-printable
 * (`jane=40example.com`), in any mix.
 */
function emailPattern(address: string): string {
  return Array.from(address)
    .map((character) => {
      const bytes = Array.from(new TextEncoder().encode(character), (byte) =>
        byte.toString(16).padStart(2, '0'),
      );
      const percent = bytes.map((hex) => `%${hex}`).join('');
      const quotedPrintable = bytes.map((hex) => `=${hex}`).join('');
      return `(?:${escapeRegExp(character)}|${percent}|${quotedPrintable})`;
    })
    .join('');
}

/**
 * The provider's words with the recipient masked: an SMTP refusal often quotes the address
 * ("550 5.1.1 <jane@example.com>: Recipient address rejected"), sometimes URL-encoded, and it
 * must not travel whole that way either.
 */
function withRecipientMasked(text: string | null, row: ListedDelivery, masked: string) {
  if (!text) return text;
  const patterns =
    row.channel === 'email'
      ? [emailPattern(row.recipient)]
      : phoneForms(row.recipient).map(escapeRegExp);
  return patterns.reduce(
    (result, pattern) => result.replace(new RegExp(pattern, 'giu'), masked),
    text,
  );
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/** Only the listed fields are copied: whatever else a row holds stays on the server. */
export function toDeliveryView(row: ListedDelivery): DeliveryView {
  const recipient = maskRecipient(row);
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    kindLabel: deliveryKindLabel(row.kind),
    recipient,
    subject: row.channel === 'email' ? row.subject : null,
    status: row.status,
    attempts: row.attempts,
    createdAt: row.createdAt.toISOString(),
    sentAt: iso(row.sentAt),
    failedAt: iso(row.failedAt),
    // A sent or failed message has no next attempt, whatever the column last held.
    nextAttemptAt: row.status === 'queued' ? iso(row.nextAttemptAt) : null,
    retriedAt: iso(row.retriedAt),
    lastError: withRecipientMasked(row.lastError, row, recipient),
    // An SMS's delivery report, or the SMTP server's 250 reply, which may quote the address.
    providerStatus: withRecipientMasked(row.providerStatus, row, recipient),
    isConfidential: row.isConfidential,
  };
}

/**
 * The kinds a search names: those whose code holds it (spaces read as the code's underscores) or
 * whose label does, so "password reset" and "reset" both find the reset links.
 */
function kindSearch(search: string | undefined) {
  if (!search) return undefined;
  const words = search.toLowerCase();
  const kinds = Object.entries(DELIVERY_KIND_LABELS)
    .filter(([, label]) => label.toLowerCase().includes(words))
    .map(([kind]) => kind);
  return { text: words.replace(/\s+/g, '_'), kinds };
}

export async function deliveriesPage(
  deps: DeliveriesDeps,
  filters: DeliveriesFilters,
): Promise<DeliveriesPage> {
  const { rows, total } = await listDeliveries(deps.db, {
    status: filters.status,
    channel: filters.channel,
    kind: kindSearch(filters.search),
    page: filters.page,
    limit: filters.limit,
  });
  return {
    deliveries: rows.map(toDeliveryView),
    total,
    pagination: paginationOf(filters, total),
  };
}

/**
 * Sends a failed message again: queued, due now, with 24 hours of retries from now (the outbox
 * counts them from `retriedAt`). Audited in the same transaction; handed to the outbox once that
 * has committed, so the worker finds the row queued. A message that held a one-time link was
 * blanked when it failed and cannot be sent again: the person asks for a new link.
 */
export async function retryDelivery(
  deps: DeliveriesDeps,
  actor: UserRow,
  id: string,
  meta: RequestMeta,
): Promise<DeliveryView> {
  const row = await deps.db.transaction(async (tx) => {
    const current = await findDeliveryForUpdate(tx, id);
    if (!current) throw AppError.notFound(DELIVERY_MESSAGES.notFound, 'DELIVERY_NOT_FOUND');
    if (current.status !== 'failed') {
      throw AppError.conflict(DELIVERY_MESSAGES.notFailed[current.status], 'DELIVERY_NOT_FAILED');
    }
    if (current.isConfidential) {
      throw AppError.conflict(DELIVERY_MESSAGES.confidential, 'DELIVERY_CONFIDENTIAL');
    }
    const requeued = await requeueFailedDelivery(tx, id);
    // The row is locked and was checked above: the update cannot miss it.
    if (!requeued) throw new Error(`delivery ${id} could not be queued again`);
    await writeAudit(tx, {
      actorId: actor.id,
      action: 'delivery.retried',
      ip: meta.ip,
      // The audit log is read on screen and exported: the recipient is masked there too.
      details: {
        deliveryId: id,
        channel: current.channel,
        kind: current.kind,
        recipient: maskRecipient(current),
        reason: withRecipientMasked(current.lastError, current, maskRecipient(current)),
      },
    });
    return requeued;
  });
  await deps.outbox.dispatch(row.id);
  return toDeliveryView(row);
}
