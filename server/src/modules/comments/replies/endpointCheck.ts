import { createECDH } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { classifyAddress } from '../../../net/addressPolicy.ts';

/**
 * The visitor hands us the address our server will POST to: a push service's endpoint. It must be
 * https to a public host (no request into the site's own network on a stranger's say-so); plain http
 * to a loopback address only when PUSH_ALLOW_LOOPBACK is set (tests, a local stand-in).
 */
const isLoopbackName = (host: string) => host === 'localhost' || host === '127.0.0.1' || host === '[::1]';

/** The outbound module's classifier: anything but a public address (names are checked after lookup). */
const isPrivateAddress = (address: string): boolean => {
  const kind = classifyAddress(address);
  return kind !== 'public' && kind !== 'invalid';
};

/** Why an endpoint is refused, or null when it may be used. */
export const endpointProblem = (endpoint: string, allowLoopback: boolean): string | null => {
  const url = URL.parse(endpoint);
  if (!url) return '须是推送服务地址';
  if (url.username || url.password) return '推送地址不能带用户名或密码';
  const host = url.hostname;
  if (allowLoopback && url.protocol === 'http:' && isLoopbackName(host)) return null;
  if (url.protocol !== 'https:') return '推送地址须是 https';
  const bare = host.startsWith('[') ? host.slice(1, -1) : host;
  if (isLoopbackName(host) || isPrivateAddress(bare)) return '推送地址不能是内网地址';
  return null;
};

/** At send time too: a public name may resolve into a private network. */
export const resolvesPrivately = async (endpoint: string, allowLoopback: boolean): Promise<boolean> => {
  const url = new URL(endpoint);
  if (allowLoopback && isLoopbackName(url.hostname)) return false;
  const host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(host)) return isPrivateAddress(host);
  const addresses = await lookup(host, { all: true });
  return addresses.some((a) => isPrivateAddress(a.address));
};

/** A P-256 public key (65 bytes, uncompressed point on the curve) and a 16-byte auth secret. */
export const keysProblem = (keys: {
  p256dh: string;
  auth: string;
}): { field: string; message: string } | null => {
  const point = Buffer.from(keys.p256dh, 'base64url');
  try {
    if (point.length !== 65 || point[0] !== 4) throw new Error('not an uncompressed point');
    // Refuses a point that is not on the curve.
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    ecdh.computeSecret(point);
  } catch {
    return { field: 'keys.p256dh', message: '不是有效的 P-256 公钥' };
  }
  if (Buffer.from(keys.auth, 'base64url').length !== 16)
    return { field: 'keys.auth', message: 'auth 须是 16 字节' };
  return null;
};
