import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createOwner, login, loginKey, OWNER } from './testing.ts';

/** The app's real log output, captured: no secret may appear in it. */
describe('no secrets in the logs', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ env: { LOG_LEVEL: 'info' } });
    // Request loggers are children of this one and write through the same stream.
    Object.assign(t.server.log, { [pino.symbols.streamSym]: { write: (line: string) => lines.push(line) } });
    await createOwner(t);
  });
  afterAll(() => t.close());

  it('logs a failed login with username and IP, never the password', async () => {
    await login(t, { password: 'my-secret-typo', ip: '10.4.4.4' });
    const failure = lines.map((l) => JSON.parse(l)).find((l) => l.msg === 'owner login failed');
    expect(failure).toMatchObject({ username: OWNER.username, ip: '10.4.4.4' });
    expect(lines.join('\n')).not.toContain('my-secret-typo');
  });

  it('never logs an access key, from the header or the fingerprint query', async () => {
    const key = await loginKey(t);
    await t.server.inject({ method: 'GET', url: '/api/user/security', headers: { 'x-fingerprint': key } });
    await t.server.inject({ method: 'GET', url: `/api/user/security?fingerprint=${key}` });
    const all = lines.join('\n');
    expect(all).toContain('/api/user/security?fingerprint=[redacted]');
    expect(all).not.toContain(key);
  });
});
