/**
 * M-Pesa for the shared test server (ADR 034): its MPESA_* settings point at the Daraja
 * simulator (apps/server/test/daraja-simulator.ts) on a fixed port, which the spec that pays
 * starts itself (specs/billing.spec.ts). These are the simulator's own defaults.
 */
export const E2E_DARAJA = {
  consumerKey: 'test-consumer-key',
  consumerSecret: 'test-consumer-secret',
  shortcode: '174379',
  passkey: 'test-passkey-for-the-simulator',
  callbackSecret: 'simulator-callback-secret',
  // The API operator paybill payments are checked as (Transaction Status, ADR 047).
  initiatorName: 'testapi',
  securityCredential: 'simulated-security-credential',
} as const;

/** The server's MPESA_* environment for a simulator listening on 127.0.0.1:`port`. */
export function darajaEnv(port: string): Record<string, string> {
  return {
    MPESA_BASE_URL: `http://127.0.0.1:${port}`,
    MPESA_CONSUMER_KEY: E2E_DARAJA.consumerKey,
    MPESA_CONSUMER_SECRET: E2E_DARAJA.consumerSecret,
    MPESA_SHORTCODE: E2E_DARAJA.shortcode,
    MPESA_PASSKEY: E2E_DARAJA.passkey,
    MPESA_CALLBACK_SECRET: E2E_DARAJA.callbackSecret,
    MPESA_INITIATOR_NAME: E2E_DARAJA.initiatorName,
    MPESA_SECURITY_CREDENTIAL: E2E_DARAJA.securityCredential,
  };
}
