import { randomUUID } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { timeOrderedName } from './time-ordered-name';

export interface OutgoingSms {
  /** A Kenyan number in E.164 (+2547…). */
  to: string;
  text: string;
}

export interface SmsSender {
  /** Resolves with the provider's message id; throws `SmsRefused` when the provider says no. */
  send(sms: OutgoingSms): Promise<{ messageId: string | null }>;
}

/**
 * The provider refused the message. `isPermanent`: trying again cannot help (an invalid number,
 * a blacklisted subscriber); otherwise the outbox tries again later (ADR 028).
 */
export class SmsRefused extends Error {
  constructor(
    readonly reason: string,
    readonly isPermanent: boolean,
  ) {
    super(reason);
    this.name = 'SmsRefused';
  }
}

export const AFRICAS_TALKING_LIVE_URL = 'https://api.africastalking.com';

export interface AfricasTalkingSettings {
  username: string;
  apiKey: string;
  senderId: string | undefined;
  /** The live address, the sandbox's (https://api.sandbox.africastalking.com) or a test fake. */
  baseUrl: string;
}

/** Where SMS text files go without Africa's Talking settings. */
export function smsDirectory(dataDir: string): string {
  return path.join(dataDir, 'sms');
}

/**
 * Per-recipient status codes of Africa's Talking's messaging API. 100–102 mean it took the message;
 * these refusals are final (the number or subscriber cannot receive it). Any other refusal
 * (RiskHold, InsufficientBalance, CouldNotRoute, gateway errors) may pass later.
 */
const ACCEPTED_CODES = new Set([100, 101, 102]);
const PERMANENT_CODES = new Set([403, 404, 406, 409]);

interface AfricasTalkingRecipient {
  statusCode?: number;
  status?: string;
  messageId?: string;
  number?: string;
  cost?: string;
}

/**
 * A small client of Africa's Talking's bulk SMS endpoint (POST {base}/version1/messaging, form
 * fields username, to, message and optional from; the apiKey header; a JSON answer listing each
 * recipient's statusCode, status and messageId). The official SDK cannot be pointed at another
 * base address (ADR 028), which the sandbox and the tests' fake need.
 */
export function africasTalkingSender(
  settings: AfricasTalkingSettings,
  logger: FastifyBaseLogger,
  timeoutMs = 30_000,
): SmsSender {
  const endpoint = `${settings.baseUrl.replace(/\/+$/, '')}/version1/messaging`;
  return {
    async send({ to, text }) {
      const form = new URLSearchParams({ username: settings.username, to, message: text });
      if (settings.senderId) form.set('from', settings.senderId);
      const response = await fetch(endpoint, {
        method: 'POST',
        headers: {
          apiKey: settings.apiKey,
          Accept: 'application/json',
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const answer = await response.text();
      if (!response.ok) {
        // A bad key (401) or username stays bad until someone changes the settings; it is still
        // retried, so messages go once the settings are fixed within the day.
        throw new SmsRefused(`HTTP ${response.status}: ${answer.slice(0, 200)}`, false);
      }
      let recipient: AfricasTalkingRecipient | undefined;
      try {
        const parsed = JSON.parse(answer) as {
          SMSMessageData?: { Message?: string; Recipients?: AfricasTalkingRecipient[] };
        };
        recipient = parsed.SMSMessageData?.Recipients?.[0];
        if (!recipient) {
          throw new SmsRefused(
            parsed.SMSMessageData?.Message ?? 'No recipient in the answer',
            false,
          );
        }
      } catch (error) {
        if (error instanceof SmsRefused) throw error;
        throw new SmsRefused(`Unreadable answer: ${answer.slice(0, 200)}`, false);
      }
      const code = Number(recipient.statusCode);
      if (!ACCEPTED_CODES.has(code)) {
        throw new SmsRefused(
          `${recipient.status ?? 'Refused'} (${code})`,
          PERMANENT_CODES.has(code),
        );
      }
      logger.info({ messageId: recipient.messageId, cost: recipient.cost }, 'SMS sent');
      return { messageId: recipient.messageId ?? null };
    },
  };
}

/** Without Africa's Talking settings: one text file per SMS, so a fresh install works. */
export function fileSmsSender(smsDir: string, logger: FastifyBaseLogger): SmsSender {
  return {
    async send({ to, text }) {
      await mkdir(smsDir, { recursive: true });
      const id = randomUUID();
      const file = path.join(smsDir, timeOrderedName(id.slice(0, 8), '.txt'));
      await writeFile(file, `To: ${to}\n\n${text}\n`);
      logger.info({ file }, 'SMS written to file (no Africa’s Talking settings)');
      return { messageId: null };
    },
  };
}
