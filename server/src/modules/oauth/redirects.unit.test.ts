import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { acceptableRedirect, OOB_REDIRECT, redirectRegistered, redirectWith } from './redirects.ts';
import { pkceMatches } from './secrets.ts';

describe('redirect URIs an app may register (RFC 8252)', () => {
  it.each([
    ['https://app.example/callback', true],
    ['http://127.0.0.1/callback', true],
    ['http://[::1]:8000/cb', true],
    ['http://localhost:3000/cb', true],
    ['ivory://callback', true],
    ['com.example.app:/oauth2redirect', true],
    [OOB_REDIRECT, true],
    ['http://app.example/callback', false],
    ['javascript:alert(1)', false],
    ['data:text/html,hi', false],
    ['https://app.example/cb#fragment', false],
    ['not a uri', false],
  ])('%s → %s', (uri, ok) => {
    expect(acceptableRedirect(uri)).toBe(ok);
  });

  it('a loopback redirect matches on any port, any other only exactly', () => {
    expect(redirectRegistered(['http://127.0.0.1/cb'], 'http://127.0.0.1:51234/cb')).toBe(true);
    expect(redirectRegistered(['http://127.0.0.1/cb'], 'http://127.0.0.1:51234/other')).toBe(false);
    expect(redirectRegistered(['https://app.example/cb'], 'https://app.example:444/cb')).toBe(false);
    expect(redirectRegistered(['ivory://callback'], 'ivory://callback')).toBe(true);
  });

  it('the answer keeps the redirect’s own query and adds code and state', () => {
    expect(redirectWith('https://app.example/cb?x=1', { code: 'c', state: undefined })).toBe(
      'https://app.example/cb?x=1&code=c',
    );
  });
});

describe('PKCE S256', () => {
  const verifier = 'a'.repeat(43);
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  it.each([
    [verifier, true],
    ['b'.repeat(43), false],
    ['a'.repeat(42), false],
    [`${'a'.repeat(42)} `, false],
  ])('verifier %s → %s', (given, ok) => {
    expect(pkceMatches(given, challenge)).toBe(ok);
  });
});
