/**
 * Encryption of dark-mode data in the public offline snapshot (DESIGN §3): AES-GCM with a key
 * derived by PBKDF2-SHA-256 from the decode key. Uses WebCrypto, so the server's exporter and the
 * browser's offline source share this one implementation.
 */
export interface DarkSeal {
  v: 1;
  /** base64 PBKDF2 salt, AES-GCM iv and ciphertext (tag included). */
  salt: string;
  iv: string;
  data: string;
}

const ITERATIONS = 100_000;

const b64 = (bytes: Uint8Array): string => btoa(String.fromCharCode(...bytes));
const unb64 = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

const deriveKey = async (
  decodeKey: string,
  salt: Uint8Array<ArrayBuffer>,
): Promise<Awaited<ReturnType<typeof crypto.subtle.deriveKey>>> => {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(decodeKey),
    'PBKDF2',
    false,
    ['deriveKey'],
  );
  return crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations: ITERATIONS },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
};

export const sealDark = async (plaintext: string, decodeKey: string): Promise<DarkSeal> => {
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await deriveKey(decodeKey, salt);
  const data = new Uint8Array(
    await crypto.subtle.encrypt({ name: 'AES-GCM', iv }, key, new TextEncoder().encode(plaintext)),
  );
  return { v: 1, salt: b64(salt), iv: b64(iv), data: b64(data) };
};

/** Opens a seal; null when the decode key is wrong (AES-GCM's tag check fails) or the seal is bad. */
export const openDark = async (seal: DarkSeal, decodeKey: string): Promise<string | null> => {
  try {
    const key = await deriveKey(decodeKey, unb64(seal.salt));
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: unb64(seal.iv) }, key, unb64(seal.data));
    return new TextDecoder().decode(plain);
  } catch {
    return null;
  }
};

export const isDarkSeal = (value: unknown): value is DarkSeal =>
  typeof value === 'object' && value !== null && (value as { v?: unknown }).v === 1 && 'data' in value;
