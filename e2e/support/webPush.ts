import { createDecipheriv, createECDH, hkdfSync } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Headless Chromium has no push service to subscribe with (PushManager.subscribe needs Google's),
 * so the page's PushManager is replaced by one that makes a real P-256 key pair and auth secret and
 * hands out an endpoint on a stand-in push service on 127.0.0.1. The server encrypts for those keys;
 * the test decrypts what arrives and delivers it to the real service worker over the DevTools protocol.
 */
export const fakePushManagerScript = (endpoint: string): string => `(() => {
  const b64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  const endpoint = ${JSON.stringify(endpoint)};
  // Kept for the tab's life (a real subscription outlives page loads too).
  const load = () => JSON.parse(sessionStorage.getItem('e2e-push') || 'null');
  const asSubscription = (saved) => saved && {
    endpoint,
    toJSON: () => ({ endpoint, keys: { p256dh: saved.p256dh, auth: saved.auth } }),
    unsubscribe: async () => { sessionStorage.removeItem('e2e-push'); return true; },
  };
  window.__e2ePushKeys = load();
  PushManager.prototype.getSubscription = async () => asSubscription(load());
  PushManager.prototype.subscribe = async () => {
    const pair = await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits']);
    const p256dh = b64url(await crypto.subtle.exportKey('raw', pair.publicKey));
    const auth = b64url(crypto.getRandomValues(new Uint8Array(16)));
    const { d } = await crypto.subtle.exportKey('jwk', pair.privateKey);
    const saved = { p256dh, auth, d };
    sessionStorage.setItem('e2e-push', JSON.stringify(saved));
    window.__e2ePushKeys = saved;
    return asSubscription(saved);
  };
})();`;

/** RFC 8291 aes128gcm, the browser's side: the page's private key `d` and auth secret (base64url). */
export const decryptPush = (keys: { d: string; auth: string }, body: Buffer): string => {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(Buffer.from(keys.d, 'base64url'));
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const serverKey = body.subarray(21, 21 + idLength);
  const record = body.subarray(21 + idLength);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverKey]);
  const ikm = Buffer.from(
    hkdfSync('sha256', ecdh.computeSecret(serverKey), Buffer.from(keys.auth, 'base64url'), keyInfo, 32),
  );
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
};

export interface PushStandIn {
  base: string;
  received: { path: string; body: Buffer }[];
  close(): Promise<void>;
}

/** The stand-in push service: keeps what it is sent, answers 201 like a real one. */
export const startPushStandIn = async (): Promise<PushStandIn> => {
  const received: PushStandIn['received'] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
};
