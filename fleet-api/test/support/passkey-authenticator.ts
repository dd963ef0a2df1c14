// A passkey authenticator for tests: one ES256 (P-256) credential made with node:crypto, answering
// WebAuthn's options with what a browser would send (attestation "none", then signed assertions). Its
// CBOR is the few maps WebAuthn needs, encoded by hand. Options let a test send what a broken or
// hostile client would: another origin or relying party, no user verification, an old counter.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@fleet/contract';

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor>;

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n]);
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n]);
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(n, 1);
  return b;
}

/** RFC 8949 for the types WebAuthn uses here: integers, byte and text strings, arrays, maps. */
function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64 = (bytes: Uint8Array | string): string => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string): Buffer => createHash('sha256').update(data).digest();

// authenticator data flags (WebAuthn 6.1)
const UP = 0x01;
const UV = 0x04;
const AT = 0x40;

export interface CeremonyOptions {
  /** The page's origin as the browser reports it (default: the authenticator's). */
  origin?: string;
  /** The relying party id the authenticator hashes (default: the options' / the authenticator's). */
  rpId?: string;
  /** User verification done (default true). */
  userVerified?: boolean;
  /** The signature counter to report (default: one more than the last). */
  counter?: number;
}

export class TestPasskey {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly cosePublicKey: Buffer;
  private counter = 0;
  /** The user handle the relying party gave at registration (answered back at sign-in). */
  private userHandle: string | null = null;

  constructor(private readonly defaults: { origin: string; rpId: string }) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    const jwk = publicKey.export({ format: 'jwk' });
    // COSE_Key: kty EC2 (2), alg ES256 (-7), crv P-256 (1), x, y
    this.cosePublicKey = cbor(
      new Map<Cbor, Cbor>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? '', 'base64url')],
        [-3, Buffer.from(jwk.y ?? '', 'base64url')],
      ]),
    );
  }

  get id(): string {
    return b64(this.credentialId);
  }

  private authData(rpId: string, flags: number, counter: number, attested: boolean): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    const parts = [sha256(rpId), Buffer.from([flags]), count];
    if (attested) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(this.credentialId.length);
      parts.push(Buffer.alloc(16), length, this.credentialId, this.cosePublicKey);
    }
    return Buffer.concat(parts);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** What `startRegistration` resolves to for these options. */
  register(options: PublicKeyCredentialCreationOptionsJSON, how: CeremonyOptions = {}): RegistrationResponseJSON {
    const rpId = how.rpId ?? options.rp.id ?? this.defaults.rpId;
    const flags = UP | AT | (how.userVerified === false ? 0 : UV);
    const authData = this.authData(rpId, flags, how.counter ?? this.counter, true);
    this.userHandle = options.user.id;
    const attestationObject = cbor(new Map<Cbor, Cbor>([['fmt', 'none'], ['attStmt', new Map()], ['authData', authData]]));
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64(this.clientData('webauthn.create', options.challenge, how.origin ?? this.defaults.origin)),
        attestationObject: b64(attestationObject),
        transports: ['internal'],
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: { credProps: { rk: true } },
    };
  }

  /** What `startAuthentication` resolves to for these options: the assertion, signed by the key. */
  signIn(options: PublicKeyCredentialRequestOptionsJSON, how: CeremonyOptions = {}): AuthenticationResponseJSON {
    const rpId = how.rpId ?? options.rpId ?? this.defaults.rpId;
    const flags = UP | (how.userVerified === false ? 0 : UV);
    const counter = how.counter ?? this.counter + 1;
    this.counter = Math.max(this.counter, counter);
    const authData = this.authData(rpId, flags, counter, false);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, how.origin ?? this.defaults.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64(clientDataJSON),
        authenticatorData: b64(authData),
        signature: b64(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
      authenticatorAttachment: 'platform',
      clientExtensionResults: {},
    };
  }
}
