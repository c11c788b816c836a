import { constants, generateKeyPairSync, privateDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { sealText } from './seal.ts';

describe('sealText', () => {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });

  it.each([['correct horse battery'], ['密码里有中文'], ['x']])(
    'seals %j so that the server (node RSA-OAEP, SHA-256) opens it',
    async (text) => {
      const sealed = await sealText(publicKey.toString('base64'), text);
      const opened = privateDecrypt(
        { key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(sealed, 'base64'),
      );
      expect(opened.toString('utf8')).toBe(text);
    },
  );

  it('seals the same text differently each time (OAEP is randomised)', async () => {
    const key = publicKey.toString('base64');
    expect(await sealText(key, 'same')).not.toBe(await sealText(key, 'same'));
  });
});
