/**
 * The reversible, versioned encoding of DESIGN §3 for the local storage record and offline essay
 * content. It only keeps text from being readable at a glance; it is NOT a security boundary.
 * Format: `ob1.` + base64 of the UTF-8 bytes, each XORed with a rolling key byte.
 */
const PREFIX = 'ob1.';
const KEY = [0x63, 0x61, 0x6e, 0x64, 0x79, 0x6a, 0x61, 0x72, 0x8f, 0x1d, 0x42, 0xa7];

const mask = (bytes: Uint8Array): Uint8Array =>
  bytes.map((byte, i) => byte ^ (KEY[i % KEY.length] as number) ^ ((i * 31) & 0xff));

const toBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
};

const fromBase64 = (text: string): Uint8Array => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));

export const obfuscate = (text: string): string => PREFIX + toBase64(mask(new TextEncoder().encode(text)));

/** Decodes `obfuscate` output; returns null for anything that is not (so callers can reset). */
export const deobfuscate = (encoded: string): string | null => {
  if (!encoded.startsWith(PREFIX)) return null;
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(mask(fromBase64(encoded.slice(PREFIX.length))));
  } catch {
    return null;
  }
};

export const isObfuscated = (text: string): boolean => text.startsWith(PREFIX);
