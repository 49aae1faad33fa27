import type { EtimsState } from './rules';

/** What people read of KRA eTIMS (ADR 049). */
export const ETIMS_TEXTS = {
  state: {
    not_configured: 'Not sent to KRA: eTIMS is not set up.',
    awaiting: 'Awaiting KRA: it is sent as soon as KRA answers.',
    sent: 'KRA eTIMS: sent',
    refused: 'KRA refused it',
  } satisfies Record<EtimsState, string>,
  unreachable: 'KRA eTIMS could not be reached. It is tried again by itself.',
  refusedBecause: (message: string) =>
    `KRA refused it: ${message}. Correct what KRA names, then choose Retry.`,
} as const;
