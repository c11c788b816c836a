import { describe, expect, it } from 'vitest';
import { isCredentialName, redactHeaders, redactLine, redactUrl } from './redact.ts';

describe('isCredentialName', () => {
  it.each([
    'token',
    'access_token',
    'api_key',
    'apikey',
    'X-Amz-Signature',
    'sig',
    'code',
    'auth_code',
    'sid',
    'client_secret',
    'password',
    'authorization',
    'set-cookie',
    'x-gotify-key',
  ])('%s carries a credential', (name) => {
    expect(isCredentialName(name)).toBe(true);
  });

  it.each(['page', 'path', 'size', 'accept-encoding', 'user-agent', 'inside', 'design', 'id', 'start'])(
    '%s does not',
    (name) => {
      expect(isCredentialName(name)).toBe(false);
    },
  );
});

describe('redactUrl', () => {
  it.each([
    ['/api/blog/essay', '/api/blog/essay'],
    ['/api/blog/essay?start=5', '/api/blog/essay?start=5'],
    ['/a?access_token=T&page=2', '/a?access_token=[redacted]&page=2'],
    ['/a?page=2&api%5Fkey=T#x', '/a?page=2&api%5Fkey=[redacted]#x'],
    ['/a?token&code=C', '/a?token&code=[redacted]'],
    ['/a?sig=S&sig=S2', '/a?sig=[redacted]&sig=[redacted]'],
  ])('%s → %s', (url, expected) => {
    expect(redactUrl(url)).toBe(expected);
  });

  it('returns the very string when there is no query', () => {
    const url = '/api/blog/link';
    expect(redactUrl(url)).toBe(url);
  });
});

describe('redactHeaders', () => {
  it('blanks credential headers and keeps the rest', () => {
    expect(
      redactHeaders({
        authorization: 'Bearer T',
        'x-api-key': 'K',
        accept: 'text/html',
        'content-length': 3,
      }),
    ).toEqual({
      authorization: '[redacted]',
      'x-api-key': '[redacted]',
      accept: 'text/html',
      'content-length': 3,
    });
  });
});

describe('redactLine', () => {
  it.each([
    [
      '{"msg":"fetch https://h.example/x?page=1&token=T failed"}',
      '{"msg":"fetch https://h.example/x?page=1&token=[redacted] failed"}',
    ],
    ['{"url":"/x?secret=a\\"b&n=1"}', '{"url":"/x?secret=[redacted]&n=1"}'],
    ['{"msg":"smtp://user:pw@mail.example:587"}', '{"msg":"smtp://[redacted]@mail.example:587"}'],
    ['{"msg":"acct:me@host and why? because"}', '{"msg":"acct:me@host and why? because"}'],
  ])('%s → %s', (line, expected) => {
    expect(redactLine(line)).toBe(expected);
  });
});
