import { t } from '../../../i18n/i18n.ts';

const base64ToBytes = (base64: string): Uint8Array<ArrayBuffer> => {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
};

const bytesToBase64 = (bytes: Uint8Array): string => {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
};

/** Encrypts text for the server: RSA-OAEP (SHA-256) under the handshake's SPKI key, base64 (DESIGN §3). */
export const sealText = async (publicKeyBase64: string, text: string): Promise<string> => {
  if (!globalThis.crypto?.subtle) {
    // WebCrypto exists only in secure contexts (https, localhost).
    throw new Error(t('contract.insecure'));
  }
  const key = await crypto.subtle.importKey(
    'spki',
    base64ToBytes(publicKeyBase64),
    { name: 'RSA-OAEP', hash: 'SHA-256' },
    false,
    ['encrypt'],
  );
  const sealed = await crypto.subtle.encrypt({ name: 'RSA-OAEP' }, key, new TextEncoder().encode(text));
  return bytesToBase64(new Uint8Array(sealed));
};
