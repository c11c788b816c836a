import { constants, createPrivateKey, generateKeyPair, privateDecrypt } from 'node:crypto';
import { promisify } from 'node:util';
import { Limits } from '@candy/contract';
import { handshakeExpired, invalidField } from '../../http/errors.ts';
import type { HandshakeRepo } from './repo.ts';

const generateRsa = promisify(generateKeyPair);

/**
 * The handshake of DESIGN §3: an RSA-OAEP (2048, SHA-256) key pair per device, kept 25 minutes in
 * the database so that any replica can decrypt what the client encrypted.
 */
export const createHandshakes = (repo: HandshakeRepo, now: () => number = Date.now) => ({
  async knock(uuid: string): Promise<string> {
    const { publicKey, privateKey } = await generateRsa('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'der' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    const at = now();
    await repo.purgeExpired(at);
    const publicKeyBase64 = publicKey.toString('base64');
    await repo.save({
      uuid,
      private_key: privateKey,
      public_key: publicKeyBase64,
      created_at: at,
      expires_at: at + Limits.handshakeTtlMs,
    });
    return publicKeyBase64;
  },

  /** Decrypts a base64 RSA-OAEP ciphertext under the device's live key; 4032 when there is none. */
  async decrypt(uuid: string | undefined, ciphertext: string, field: string): Promise<string> {
    const handshake = uuid ? await repo.findLive(uuid, now()) : undefined;
    if (!handshake) throw handshakeExpired();
    try {
      return privateDecrypt(
        {
          key: createPrivateKey(handshake.private_key),
          padding: constants.RSA_PKCS1_OAEP_PADDING,
          oaepHash: 'sha256',
        },
        Buffer.from(ciphertext, 'base64'),
      ).toString('utf8');
    } catch {
      throw invalidField(field, 'encrypted', '无法解密，请重新握手后再试');
    }
  },
});

export type Handshakes = ReturnType<typeof createHandshakes>;
