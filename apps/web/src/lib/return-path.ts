/**
 * Where someone was going when a guard sent them elsewhere (to sign in, or to change a temporary
 * password): carried in the router's location state, and followed afterwards.
 */
export interface FromState {
  from?: string;
}

/** The path to go back to, if it is one of ours: never an absolute URL someone put into the state. */
export function safeFrom(state: unknown): string | null {
  const from = (state as FromState | null)?.from;
  return typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') ? from : null;
}
