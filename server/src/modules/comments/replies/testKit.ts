import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';

/**
 * A browser's side of Web Push for tests: a real P-256 key pair and auth secret, and RFC 8291
 * (aes128gcm) decryption written here with node:crypto — not with the library that encrypted it.
 */
export const makeBrowserKeys = () => {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
    decrypt(body: Buffer): string {
      // Header (RFC 8188 §2.1): salt 16 | record size 4 | key id length 1 | key id (the server's public key).
      const salt = body.subarray(0, 16);
      const idLength = body[20] ?? 0;
      const serverKey = body.subarray(21, 21 + idLength);
      const record = body.subarray(21 + idLength);
      const shared = ecdh.computeSecret(serverKey);
      // RFC 8291 §3.4: the input keying material from the ECDH secret and the auth secret.
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
      const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
      const cek = Buffer.from(
        hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02 and zero padding.
      const end = padded.lastIndexOf(2);
      return padded.subarray(0, end).toString('utf8');
    },
  };
};
