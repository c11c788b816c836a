import { constants, createPublicKey, publicEncrypt } from 'node:crypto';

/**
 * Encrypts like the web client: RSA-OAEP with SHA-256 under the handshake's SPKI key. A module of
 * its own, so the browser tests' API login (e2e/support/ownerSession.ts) seals without loading the
 * server's test harness.
 */
export const seal = (publicKeyBase64: string, text: string): string =>
  publicEncrypt(
    {
      key: createPublicKey({ key: Buffer.from(publicKeyBase64, 'base64'), format: 'der', type: 'spki' }),
      padding: constants.RSA_PKCS1_OAEP_PADDING,
      oaepHash: 'sha256',
    },
    Buffer.from(text, 'utf8'),
  ).toString('base64');
