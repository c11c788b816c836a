import { createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { loadAge } from '../../lazyModules.ts';

/**
 * Encryption before anything leaves the server (issue 45.1): age (X25519) to the owner's recipient.
 * The server holds only the public recipient; the identity (private key) is the owner's, read from
 * a file by restore and by the drill. age's payload is an AEAD, so one flipped byte fails `open`.
 */
export interface Sealer {
  seal(plain: Uint8Array): Promise<Uint8Array>;
}
export interface Opener {
  open(sealed: Uint8Array): Promise<Uint8Array>;
}

export const sealerFor = (recipient: string): Sealer => {
  const encrypter = loadAge().then(({ Encrypter }) => {
    const made = new Encrypter();
    made.addRecipient(recipient);
    return made;
  });
  return { seal: async (plain) => (await encrypter).encrypt(plain) };
};

/** The identity file: age's `AGE-SECRET-KEY-1…` line (comments, as age-keygen writes them, skipped). */
export const readIdentity = (file: string): string => {
  const line = fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l.startsWith('AGE-SECRET-KEY-'));
  if (!line) throw new Error(`${file} holds no AGE-SECRET-KEY-… line`);
  return line;
};

export const openerFor = (identity: string): Opener => {
  const decrypter = loadAge().then(({ Decrypter }) => {
    const made = new Decrypter();
    made.addIdentity(identity);
    return made;
  });
  return { open: async (sealed) => (await decrypter).decrypt(sealed) };
};

/**
 * Whether `identity` opens what was sealed to `recipient`: a wrong key must be refused as such,
 * not make every point it tries look corrupt.
 */
export const keyMismatch = async (identity: string, recipient: string): Promise<string | null> => {
  const own = await (await loadAge()).identityToRecipient(identity);
  return own === recipient ? null : `this point is sealed to ${recipient}; the identity given is ${own}'s`;
};

/**
 * Names chunks by a keyed hash of their plaintext: equal content gets one name (deduplication),
 * and the destination, without the key, cannot test a guess of what a chunk holds. The key stays
 * on the server (`DATA_DIR/backup-chunk.key`); restore does not need it, and a lost key only means
 * the next backup uploads its chunks again under new names.
 */
export const chunkNamer = (dataDir: string): ((plain: Uint8Array) => string) => {
  const file = path.join(dataDir, 'backup-chunk.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir, { recursive: true });
    try {
      // `wx`: the server and `npm run backup` starting at once keep the one key written first.
      fs.writeFileSync(file, randomBytes(32), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  const key = fs.readFileSync(file);
  return (plain) => createHmac('sha256', key).update(plain).digest('hex');
};
