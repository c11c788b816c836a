import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { contentSecurityPolicy, loggableUrl, logRedaction } from './security.ts';

const capture = () => {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return { logger: pino({ redact: logRedaction }, stream), lines };
};

describe('log redaction', () => {
  it.each([
    ['the access key header', { req: { headers: { 'x-fingerprint': 'SECRET' } } }],
    ['the dark key header', { req: { headers: { 'x-dark-key': 'SECRET' } } }],
    ['an authorization header', { headers: { authorization: 'Bearer SECRET' } }],
    ['a password field', { password: 'SECRET' }],
    ['a nested password field', { body: { password: 'SECRET', newPassword: 'SECRET' } }],
    ['an issued access key', { data: { accessKey: 'SECRET' } }],
  ])('blanks %s', (_, entry) => {
    const { logger, lines } = capture();
    logger.info(entry, 'x');
    expect(lines.join('')).not.toContain('SECRET');
    expect(lines.join('')).toContain('[redacted]');
  });

  it('keeps what is not secret', () => {
    const { logger, lines } = capture();
    logger.info({ username: 'keeper', ip: '10.0.0.1' }, 'x');
    expect(JSON.parse(lines[0] ?? '{}')).toMatchObject({ username: 'keeper', ip: '10.0.0.1' });
  });
});

describe('loggableUrl', () => {
  it.each([
    [
      '/api/static/blob?path=frontend/a.png&fingerprint=KEY',
      '/api/static/blob?path=frontend/a.png&fingerprint=[redacted]',
    ],
    ['/api/x?fingerprint=KEY&a=1', '/api/x?fingerprint=[redacted]&a=1'],
    ['/api/blog/essay?start=5', '/api/blog/essay?start=5'],
  ])('%s → %s', (url, expected) => {
    expect(loggableUrl(url)).toBe(expected);
  });
});

describe('contentSecurityPolicy', () => {
  const csp = contentSecurityPolicy(loadConfig({}));
  it.each([
    ["script-src 'self' 'wasm-unsafe-eval'"],
    ["object-src 'none'"],
    ["frame-ancestors 'none'"],
    ["base-uri 'self'"],
  ])('contains %s', (directive) => {
    expect(csp.split('; ')).toContain(directive);
  });

  it('allows no inline script', () => {
    const scriptSrc = csp.split('; ').find((d) => d.startsWith('script-src')) ?? '';
    expect(scriptSrc).not.toContain("'unsafe-inline'");
    expect(scriptSrc).not.toContain("'unsafe-eval'");
  });
});
