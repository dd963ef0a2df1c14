/**
 * Signed, expiring download links: `<base>/{id}/{slot}?expires=<unix s>&signature=<hex>`, an
 * HMAC-SHA256 over the id, slot, expiry and the file's storage key (so a replaced file's old links stop
 * working), with a key derived from the server secret and the link's purpose (a firmware link is not
 * an export link). Relative to the API: the console server proxies /api. Firmware files
 * (`/api/ota/download`) and exports (`/api/export/download`) use it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Readable } from 'node:stream';
import { Type } from '@sinclair/typebox';
import { ErrorReply, IdField, Strict } from './schemas';
import { say } from './messages';

const LINK_TTL_SECONDS = 3600;

export class DownloadSigner {
  private readonly key: Buffer;

  /** `secretKey` is a key already derived from the server secret (the app's otpKey); we derive again per purpose. */
  constructor(
    secretKey: Buffer,
    private readonly base = '/api/ota/download',
    purpose = 'fleet-api firmware downloads',
  ) {
    this.key = createHmac('sha256', secretKey).update(purpose).digest();
  }

  private mac(id: number, slot: string, expires: number, storageKey: string): string {
    return createHmac('sha256', this.key).update(`${id}\n${slot}\n${expires}\n${storageKey}`).digest('hex');
  }

  link(id: number, slot: string, storageKey: string, nowSeconds: number): string {
    const expires = nowSeconds + LINK_TTL_SECONDS;
    return `${this.base}/${id}/${slot}?expires=${expires}&signature=${this.mac(id, slot, expires, storageKey)}`;
  }

  /** 'ok', or why the link is refused. */
  check(id: number, slot: string, storageKey: string, expires: number, signature: string, nowSeconds: number): 'ok' | 'bad' | 'expired' {
    if (!/^[0-9a-f]{64}$/.test(signature)) return 'bad';
    const expected = Buffer.from(this.mac(id, slot, expires, storageKey), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(signature, 'hex'))) return 'bad';
    return expires < nowSeconds ? 'expired' : 'ok';
  }
}

/**
 * The schema of a signed link's route (`<base>/:id/:slot?expires&signature`, PUBLIC: the signature is
 * the access): the slots it serves, and the bytes it answers (never serialised) or a refusal.
 */
export function signedLinkSchema<Slot extends string>(tag: string, summary: string, slots: readonly Slot[], bytes: string) {
  return {
    tags: [tag],
    summary,
    params: Strict({ id: IdField, slot: Type.Unsafe<Slot>({ type: 'string', enum: [...slots], errorMessage: say('links.slotUnknown') }) }),
    querystring: Strict({
      expires: Type.Integer({ minimum: 0, maximum: 99_999_999_999, errorMessage: say('links.expiresInvalid') }),
      signature: Type.String({ maxLength: 128, errorMessage: say('links.signatureInvalid') }),
    }),
    response: {
      200: Type.Unsafe<Readable>({ type: 'string', format: 'binary', description: bytes }),
      400: ErrorReply,
      403: ErrorReply,
      404: ErrorReply,
      500: ErrorReply,
    },
  };
}
