import { describe, expect, it } from 'vitest';
import { passkeyAuthenticationResponseSchema } from './schemas';

/** A base64url value of `bytes` random-looking bytes. */
const base64url = (bytes: number) =>
  Buffer.from(Array.from({ length: bytes }, (_, i) => (i * 131 + 7) % 256)).toString('base64url');

const answerSignedWith = (signatureBytes: number) => ({
  id: base64url(32),
  rawId: base64url(32),
  type: 'public-key',
  response: {
    clientDataJSON: base64url(180),
    authenticatorData: base64url(37),
    signature: base64url(signatureBytes),
  },
  clientExtensionResults: {},
});

describe("a passkey's answer at sign-in", () => {
  it('takes the signature of every algorithm a passkey may sign with', () => {
    // ES256 (DER, about 72 bytes), RS256 with a 4096-bit key, and post-quantum ML-DSA-44 (what
    // Chromium's passkeys sign with), ML-DSA-65 and ML-DSA-87.
    for (const bytes of [72, 512, 2420, 3309, 4627]) {
      const parsed = passkeyAuthenticationResponseSchema.safeParse(answerSignedWith(bytes));
      expect(parsed.success, `a signature of ${bytes} bytes`).toBe(true);
    }
  });

  it('still refuses a signature far beyond any algorithm', () => {
    expect(passkeyAuthenticationResponseSchema.safeParse(answerSignedWith(8000)).success).toBe(
      false,
    );
  });
});
