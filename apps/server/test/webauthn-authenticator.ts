import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software authenticator for API tests: it makes real WebAuthn answers (ES256 on P-256, 'none'
 * attestation) with node:crypto, so the server's checks (SimpleWebAuthn's) run as for a phone or
 * a security key. Each answer can be bent one way (another origin, challenge, credential or
 * signature count) to see it refused.
 */

type CborValue = number | string | Uint8Array | CborValue[] | Map<CborValue, CborValue>;

/** The little CBOR (RFC 8949) WebAuthn needs: integers, byte and text strings, arrays, maps. */
export function cbor(value: CborValue): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
    if (n < 0x10000) {
      const b = Buffer.alloc(3);
      b[0] = (major << 5) | 25;
      b.writeUInt16BE(n, 1);
      return b;
    }
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  const parts: Buffer[] = [head(5, value.size)];
  for (const [key, item] of value) parts.push(cbor(key), cbor(item));
  return Buffer.concat(parts);
}

const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

/** Flags of authenticatorData: user present, user verified, attested credential data. */
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

interface Credential {
  id: Buffer;
  privateKey: KeyObject;
  publicKey: KeyObject;
  userHandle: string;
  counter: number;
}

interface CreationOptions {
  challenge: string;
  rp: { id?: string | undefined; name: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string | undefined;
  allowCredentials?: { id: string }[] | undefined;
}

/** What a test may bend in one answer. */
export interface Bend {
  origin?: string;
  challenge?: string;
  rpId?: string;
  /** Sign with this credential (another authenticator's, say) instead of the one allowed. */
  credential?: Credential;
  /** The signature count to report (default: one more than the last). */
  counter?: number;
}

function coseKeyOf(publicKey: KeyObject): Buffer {
  const jwk = publicKey.export({ format: 'jwk' });
  return cbor(
    new Map<CborValue, CborValue>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
}

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(
    /** Where the "browser" says the page is: PUBLIC_URL's origin for a right answer. */
    private readonly origin: string,
  ) {}

  /** navigator.credentials.create(options).toJSON(): a new credential for the user. */
  register(options: CreationOptions, bend: Bend = {}) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credential: Credential = {
      id: randomBytes(32),
      privateKey,
      publicKey,
      userHandle: options.user.id,
      counter: bend.counter ?? 0,
    };
    const rpId = bend.rpId ?? options.rp.id ?? new URL(this.origin).hostname;
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credential.id.length);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([UP | UV | AT]),
      counter,
      Buffer.alloc(16), // AAGUID: none
      idLength,
      credential.id,
      coseKeyOf(publicKey),
    ]);
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, bend);
    const attestationObject = cbor(
      new Map<CborValue, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.push(credential);
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** The client data a browser signs over: the ceremony, the server's challenge, this origin. */
  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, bend: Bend) {
    return Buffer.from(
      JSON.stringify({
        type,
        challenge: bend.challenge ?? challenge,
        origin: bend.origin ?? this.origin,
        crossOrigin: false,
      }),
    );
  }

  /** navigator.credentials.get(options).toJSON(): an assertion by one of the allowed credentials. */
  authenticate(options: RequestOptions, bend: Bend = {}) {
    const allowed = new Set(options.allowCredentials?.map((each) => each.id));
    const credential =
      bend.credential ??
      this.credentials.find((each) => allowed.size === 0 || allowed.has(b64url(each.id)));
    if (!credential) throw new Error('NotAllowedError: no credential of this authenticator fits');
    credential.counter = bend.counter ?? credential.counter + 1;
    const rpId = bend.rpId ?? options.rpId ?? new URL(this.origin).hostname;
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(credential.counter);
    const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([UP | UV]), counter]);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, bend);
    const signature = sign(
      'sha256',
      Buffer.concat([authenticatorData, sha256(clientDataJSON)]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
