import { createECDH } from 'node:crypto';
import { type Message, said } from '../../../i18n/said.ts';

/** A P-256 public key (65 bytes, uncompressed point on the curve) and a 16-byte auth secret. */
export const keysProblem = (keys: {
  p256dh: string;
  auth: string;
}): { field: string; message: Message } | null => {
  const point = Buffer.from(keys.p256dh, 'base64url');
  try {
    if (point.length !== 65 || point[0] !== 4) throw new Error('not an uncompressed point');
    // Refuses a point that is not on the curve.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point);
  } catch {
    return { field: 'keys.p256dh', message: said('error.replies.badP256dh') };
  }
  if (Buffer.from(keys.auth, 'base64url').length !== 16)
    return { field: 'keys.auth', message: said('error.replies.badAuth') };
  return null;
};
