import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';

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

/** The headers every answer carries, including those refused before routing. */
export const securityHeaders = (config: Config): Record<string, string> => ({
  'content-security-policy': contentSecurityPolicy(config),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
});

export const installSecurityHeaders = (app: FastifyInstance, config: Config): void => {
  const headers = securityHeaders(config);
  app.addHook('onRequest', async (req, reply) => {
    void reply.headers(headers);
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

/** Query parameters that carry secrets: protected assets take the access key as `fingerprint`. */
const SECRET_QUERY = /([?&](?:fingerprint|accessKey|password)=)[^&#]*/gi;

/** A request URL fit for the log. */
export const loggableUrl = (url: string): string => url.replace(SECRET_QUERY, '$1[redacted]');
