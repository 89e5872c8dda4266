import * as crypto from 'node:crypto';

type OneShot = (algorithm: string, data: string | Uint8Array, encoding: 'hex' | 'base64url') => string;
/** `crypto.hash` (Node 20.12+): a one-shot digest without a Hash object, faster on small inputs. */
const oneShot = (crypto as unknown as { hash?: OneShot }).hash;

/** SHA-256 of a string (UTF-8) or bytes; hot paths hash every document. */
export function sha256(data: string | Uint8Array, encoding: 'hex' | 'base64url' = 'hex'): string {
  return oneShot ? oneShot('sha256', data, encoding) : crypto.createHash('sha256').update(data).digest(encoding);
}
