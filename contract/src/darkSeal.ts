/**
 * Encryption of dark-mode data in the public offline snapshot (DESIGN §3, issue 46.2): AES-256-GCM
 * with a key derived by PBKDF2-SHA-256 from the decode key and a salt fresh for each export that
 * changes dark data. Uses WebCrypto, so the server's exporter and the browser's offline source
 * share this one implementation.
 *
 * The lists' seals of one export share its salt, so a visitor derives the key once. Pictures are
 * sealed each under a random key of its own, which the sealed picture list holds: a new salt
 * re-seals the small lists, never the pictures' files.
 */
export interface DarkSeal {
  v: 1;
  /** base64 PBKDF2 salt, AES-GCM iv and ciphertext (tag included). */
  salt: string;
  iv: string;
  data: string;
  /** PBKDF2 iterations; absent in seals made before issue 46 (100,000). */
  iter?: number;
}

/**
 * 300,000 iterations: 0.2 s on one core of our build machine (Node's WebCrypto), so a low-end
 * phone, about four times slower, still derives the key in under a second; stored in each seal,
 * so it can rise later without breaking older snapshots.
 */
export const DARK_ITERATIONS = 300_000;
const LEGACY_ITERATIONS = 100_000;

export const b64 = (bytes: Uint8Array): string => {
  let text = '';
  // In slices: spreading a whole picture's bytes into one call overflows the stack.
  for (let i = 0; i < bytes.length; i += 0x8000)
    text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
};
export const unb64 = (text: string): Uint8Array<ArrayBuffer> =>
  Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

type AesKey = Awaited<ReturnType<typeof crypto.subtle.importKey>>;

/** Derived keys by decode key, salt and iterations: one derivation per export's salt. */
const derived = new Map<string, Promise<AesKey>>();

const deriveKey = (decodeKey: string, salt: string, iterations: number): Promise<AesKey> => {
  const id = `${iterations}|${salt}|${decodeKey}`;
  const hit = derived.get(id);
  if (hit !== undefined) return hit;
  const key = (async () => {
    const material = await crypto.subtle.importKey(
      'raw',
      new TextEncoder().encode(decodeKey),
      'PBKDF2',
      false,
      ['deriveKey'],
    );
    return crypto.subtle.deriveKey(
      { name: 'PBKDF2', hash: 'SHA-256', salt: unb64(salt), iterations },
      material,
      { name: 'AES-GCM', length: 256 },
      false,
      ['encrypt', 'decrypt'],
    );
  })();
  derived.set(id, key);
  if (derived.size > 8) derived.delete(derived.keys().next().value as string);
  return key;
};

export const newDarkSalt = (): string => b64(crypto.getRandomValues(new Uint8Array(16)));

/** Seals text under the decode key; `salt` shares one derivation among an export's seals. */
export const sealDark = async (
  plaintext: string,
  decodeKey: string,
  salt: string = newDarkSalt(),
): Promise<DarkSeal> => {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await deriveKey(decodeKey, salt, DARK_ITERATIONS);
  const data = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plaintext)),
  );
  return { v: 1, salt, iv: b64(iv), data: b64(data), iter: DARK_ITERATIONS };
};

/** Opens a seal; null when the decode key is wrong (AES-GCM's tag check fails) or the seal is bad. */
export const openDark = async (seal: DarkSeal, decodeKey: string): Promise<string | null> => {
  try {
    const key = await deriveKey(decodeKey, seal.salt, seal.iter ?? LEGACY_ITERATIONS);
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: unb64(seal.iv) }, key, unb64(seal.data));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
};

export const isDarkSeal = (value: unknown): value is DarkSeal =>
  typeof value === 'object' && value !== null && (value as { v?: unknown }).v === 1 && 'data' in value;

/** A sealed picture's entry in the sealed picture list: its file, its own key, its type. */
export interface SealedPicture {
  file: string;
  key: string;
  type: string;
}

/** A picture's bytes sealed under a fresh random key: the file's text and the key to keep. */
export const sealPicture = async (bytes: Uint8Array<ArrayBuffer>): Promise<{ text: string; key: string }> => {
  const raw = crypto.getRandomValues(new Uint8Array(32));
  const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt']);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, bytes));
  return { text: `${b64(iv)}.${b64(data)}`, key: b64(raw) };
};

/** A sealed picture's bytes, or null when the key does not open it. */
export const openPicture = async (text: string, rawKey: string): Promise<Uint8Array<ArrayBuffer> | null> => {
  try {
    const [iv = '', data = ''] = text.trim().split('.');
    const key = await crypto.subtle.importKey('raw', unb64(rawKey), 'AES-GCM', false, ['decrypt']);
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: unb64(iv) }, key, unb64(data)));
  } catch {
    return null;
  }
};
