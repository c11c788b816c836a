import {
  constants,
  createHash,
  createPrivateKey,
  generateKeyPair,
  type KeyObject,
  privateDecrypt,
} from 'node:crypto';
import { promisify } from 'node:util';
import { Limits } from '@candy/contract';
import { handshakeExpired, invalidField } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import type { HandshakeRepo } from './repo.ts';

const generateRsa = promisify(generateKeyPair);

/** A fresh server key pair is made this often (in the background; knocks never wait for one). */
export const KEY_ROTATION_MS = 60 * 60_000;

interface KeyPair {
  publicKey: string;
  privatePem: string;
  madeAt: number;
}

const makeKeyPair = async (madeAt: number): Promise<KeyPair> => {
  const { publicKey, privateKey } = await generateRsa('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'der' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKey: publicKey.toString('base64'), privatePem: privateKey, madeAt };
};

/**
 * The handshake of DESIGN §3, RSA-OAEP (2048, SHA-256), off the visitor's path (issue 16): the
 * process holds one key pair, shared by every device and replaced every hour in the background, so
 * a knock is a row write instead of a 150–380 ms key generation. Each device's row still carries the
 * private key it was handed (25 minutes), so any replica can open what the client sealed and a
 * rotation never strands a device. Because devices share a key, a sealed secret is opened only
 * once: its ciphertext's digest is spent on first use and a replay gets 4032.
 *
 * The first pair is made when the server starts listening (`warm`), or at the first knock of an app
 * that never listens: an app built for a command or a test no one knocks at makes none (one key
 * generation per app built was ≈ 1–3 minutes of CPU across the server tests, issue 39).
 */
export const createHandshakes = (repo: HandshakeRepo, now: () => number = Date.now) => {
  let first: Promise<KeyPair> | undefined;
  const firstPair = () => {
    first ??= makeKeyPair(now());
    return first;
  };
  let current: Promise<KeyPair> | undefined;
  let rotating = false;
  // Expired rows are swept at most once a minute: a knock is then one row write (issue 16).
  let lastPurge = Number.NEGATIVE_INFINITY;
  const parsed = new Map<string, KeyObject>();

  const currentKey = async (): Promise<KeyPair> => {
    current ??= firstPair();
    const pair = await current;
    if (!rotating && now() - pair.madeAt >= KEY_ROTATION_MS) {
      rotating = true;
      makeKeyPair(now()).then(
        (next) => {
          current = Promise.resolve(next);
          rotating = false;
        },
        () => {
          rotating = false;
        },
      );
    }
    return pair;
  };

  const privateKeyOf = (pem: string): KeyObject => {
    let key = parsed.get(pem);
    if (!key) {
      key = createPrivateKey(pem);
      if (parsed.size >= 4) parsed.clear();
      parsed.set(pem, key);
    }
    return key;
  };

  return {
    /** Makes the first key pair in the background, so the first knock does not wait for it. */
    warm(): void {
      // A failure surfaces at the knock that awaits it (as before: the pair was made at creation).
      firstPair().catch(() => undefined);
    },

    async knock(uuid: string): Promise<string> {
      const pair = await currentKey();
      const at = now();
      if (at - lastPurge >= 60_000) {
        lastPurge = at;
        await repo.purgeExpired(at);
      }
      await repo.save({
        uuid,
        private_key: pair.privatePem,
        public_key: pair.publicKey,
        created_at: at,
        expires_at: at + Limits.handshakeTtlMs,
      });
      return pair.publicKey;
    },

    /**
     * Opens a base64 RSA-OAEP ciphertext under the device's live key; 4032 when there is none or the
     * same ciphertext was opened before (a replay; the real client reseals after re-knocking).
     */
    async decrypt(uuid: string | undefined, ciphertext: string, field: string): Promise<string> {
      const at = now();
      const handshake = uuid ? await repo.findLive(uuid, at) : undefined;
      if (!handshake) throw handshakeExpired();
      const sealed = Buffer.from(ciphertext, 'base64');
      let plain: string;
      try {
        plain = privateDecrypt(
          {
            key: privateKeyOf(handshake.private_key),
            padding: constants.RSA_PKCS1_OAEP_PADDING,
            oaepHash: 'sha256',
          },
          sealed,
        ).toString('utf8');
      } catch {
        throw invalidField(field, 'encrypted', said('error.system.undecryptable'));
      }
      const digest = createHash('sha256').update(sealed).digest('hex');
      // Kept as long as any handshake holding this key pair may live.
      const spent = await repo.spend(digest, at + KEY_ROTATION_MS + Limits.handshakeTtlMs, at);
      if (!spent) throw handshakeExpired();
      return plain;
    },
  };
};

export type Handshakes = ReturnType<typeof createHandshakes>;
