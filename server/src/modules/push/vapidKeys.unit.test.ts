import { createPublicKey, verify } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import webPush from 'web-push';
import { makeVapidKeys } from './senders.ts';

/** The JWT web-push signs with a key pair, checked against the public key alone. */
const signedBy = (authorization: string, publicKey: string): boolean => {
  const token = authorization.match(/^vapid t=([^,]+), k=(.+)$/)?.[1] ?? '';
  const [header = '', payload = '', signature = ''] = token.split('.');
  const point = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  return verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
};

describe('the VAPID key pair made with node:crypto (issue 39: web-push is not loaded to make it)', () => {
  it('is what web-push takes: it signs with the private key, the signature checks with the public one', async () => {
    // Many pairs, so a private scalar shorter than 32 bytes (one in 256) is likely among them.
    for (let i = 0; i < 300; i += 1) {
      const keys = await makeVapidKeys();
      expect(Buffer.from(keys.publicKey, 'base64url')).toHaveLength(65);
      expect(Buffer.from(keys.privateKey, 'base64url')).toHaveLength(32);
      const headers = webPush.getVapidHeaders(
        'https://push.example',
        'mailto:owner@example.com',
        keys.publicKey,
        keys.privateKey,
        'aes128gcm',
      );
      expect(signedBy(headers.Authorization, keys.publicKey)).toBe(true);
    }
  });

  it('makes a new pair each time', async () => {
    const [a, b] = await Promise.all([makeVapidKeys(), makeVapidKeys()]);
    expect(a?.publicKey).not.toBe(b?.publicKey);
    expect(a?.privateKey).not.toBe(b?.privateKey);
  });
});
