import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import proxyAddr from '@fastify/proxy-addr';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { redactUrl } from '../logging/redact.ts';

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The Content-Security-Policy the built app runs under: no inline or remote scripts (WebAssembly
 * is allowed for the QR decoder), data only from ourselves, configured API hosts, offline mirrors
 * and https image/media hosts.
 */
export const contentSecurityPolicy = (config: Config): string => {
  const connect = new Set(["'self'", 'https:']);
  for (const url of [
    ...config.apiCandidates.map((c) => c.url),
    config.devApiBase,
    config.musicProxyPublic,
    ...config.offlineMirrors,
  ]) {
    const origin = url ? originOf(url) : null;
    if (origin) connect.add(origin);
  }
  // Map tiles (issue 13): https hosts are allowed already; a plain-http tile server is named.
  const images = new Set(["'self'", 'data:', 'blob:', 'https:']);
  const tiles = originOf(config.mapTileUrl.replace(/\{[a-z]+\}/g, '0'));
  if (tiles?.startsWith('http:')) images.add(tiles);
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    `img-src ${[...images].join(' ')}`,
    "media-src 'self' blob: https:",
    "font-src 'self' data:",
    `connect-src ${[...connect].join(' ')}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
};

/**
 * Browser features the site uses, allowed for our own pages only; everything else a page could ask
 * for is denied, so an injected script or a framed page cannot ask either. The QR tool reads the
 * camera (utils/qrcode-decode/Camera.tsx) and the back office's map centres on the owner's position
 * (admin/map: navigator.geolocation); nothing uses the microphone, payments or device ports.
 * Only features Chromium knows are named: an unknown one is a console error on every page.
 */
export const permissionsPolicy = [
  'camera=(self)',
  'geolocation=(self)',
  'microphone=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'display-capture=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

/**
 * HSTS for a year, sent only on answers that came over https (RFC 6797 §7.2: ignored over http).
 * No `includeSubDomains`/`preload`: the owner's other subdomains may still serve plain http.
 */
export const strictTransportSecurity = 'max-age=31536000';

/**
 * Paths other sites load as resources without CORS: uploaded pictures and videos (`/files/`, in feed
 * readers and in the web app hosted on a CDN under another site), the snapshot (read by mirrors and
 * CDN-hosted apps), and the API's blob reads (protected assets and temporary blob links, which
 * `<img>`/`<video>` load from an app on another site). They answer `Cross-Origin-Resource-Policy:
 * cross-origin`; everything else `same-site`, which keeps our pages and JSON out of other sites'
 * processes (CORS fetches from configured origins are not affected by CORP).
 */
export const crossOriginResourcePaths = (config: Config): string[] => [
  '/files/',
  '/snapshot/',
  `${config.apiBasePath}/static/blob`,
  `${config.apiBasePath}/static/buffer/`,
];

/** The headers every answer carries, including those refused before routing. */
export const securityHeaders = (
  config: Config,
  resourcePolicy: 'same-site' | 'cross-origin' = 'same-site',
): Record<string, string> => ({
  'content-security-policy': contentSecurityPolicy(config),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': resourcePolicy,
  'permissions-policy': permissionsPolicy,
});

/**
 * Whether a request reached us over https: a TLS socket, or — from a trusted proxy (TRUST_PROXY) —
 * an `X-Forwarded-Proto` whose last entry is https, read exactly as Fastify's `request.protocol`.
 * Works on raw requests too, for the answers sent before Fastify (issue 16).
 */
export const httpsDetector = (trustProxy: Config['trustProxy']) => {
  const trusted: (address: string, hop: number) => boolean =
    trustProxy === true
      ? () => true
      : trustProxy === false
        ? () => false
        : proxyAddr.compile(trustProxy.split(',').map((entry) => entry.trim()));
  return (req: IncomingMessage): boolean => {
    if ((req.socket as TLSSocket | undefined)?.encrypted) return true;
    const forwarded = req.headers['x-forwarded-proto'];
    if (typeof forwarded !== 'string' || !req.socket?.remoteAddress) return false;
    if (!trusted(req.socket.remoteAddress, 0)) return false;
    return (
      forwarded
        .slice(forwarded.lastIndexOf(',') + 1)
        .trim()
        .toLowerCase() === 'https'
    );
  };
};

export const installSecurityHeaders = (app: FastifyInstance, config: Config): void => {
  const sameSite = securityHeaders(config);
  const crossOrigin = securityHeaders(config, 'cross-origin');
  const shared = crossOriginResourcePaths(config);
  const isHttps = httpsDetector(config.trustProxy);
  app.addHook('onRequest', async (req, reply) => {
    void reply.headers(shared.some((prefix) => req.url.startsWith(prefix)) ? crossOrigin : sameSite);
    if (isHttps(req.raw)) void reply.header('strict-transport-security', strictTransportSecurity);
    void reply.header('x-request-id', req.id);
  });
};

/**
 * What pino blanks out in every log line: credentials in request headers and password fields
 * wherever an object is logged (one and two levels deep).
 */
export const logRedaction = {
  paths: [
    'req.headers.authorization',
    'req.headers.cookie',
    'req.headers["x-fingerprint"]',
    'req.headers["x-dark-key"]',
    'req.headers["proxy-authorization"]',
    'req.headers["x-api-key"]',
    'req.headers["x-gotify-key"]',
    'res.headers["set-cookie"]',
    'headers.authorization',
    'headers.cookie',
    'headers["x-fingerprint"]',
    'headers["x-dark-key"]',
    'password',
    'newPassword',
    'accessKey',
    '*.password',
    '*.newPassword',
    '*.accessKey',
  ],
  censor: '[redacted]',
};

/** A request URL fit for the log: credential-shaped query values blanked (logging/redact.ts). */
export const loggableUrl = redactUrl;
