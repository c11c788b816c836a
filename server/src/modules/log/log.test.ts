import fs from 'node:fs';
import path from 'node:path';
import type { LogLine, LogPage, LogQuery } from '@candy/contract/calls/log';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { createOwner, login, loginKey, OWNER } from '../auth/testing.ts';

const DARK_KEY = 'dark-key-never-logged';

describe('log browser (GET /log)', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info', LOG_STDOUT: 'false', DARK_KEY },
      extend: (app) => {
        app.server.get('/test/boom', async () => {
          throw new Error('the test route broke');
        });
      },
    });
    await createOwner(t);
    key = await loginKey(t);
  });
  afterAll(() => t.close());

  const logPage = async (query: LogQuery = {}): Promise<LogPage> => {
    const search = new URLSearchParams(
      Object.entries(query).map(([name, value]) => [name, String(value)] as [string, string]),
    );
    const res = await t.server.inject({
      method: 'GET',
      url: `/api/log?${search}`,
      headers: { 'x-fingerprint': key },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as LogPage;
  };
  const get = (url: string) => t.server.inject({ method: 'GET', url });
  /** The newest lines that belong to one request. */
  const linesOf = async (requestId: string | null) =>
    (await logPage({ limit: 20 })).lines.filter((line) => line.reqId === requestId);
  const logFiles = () => {
    const dir = path.join(t.config.dataDir, 'logs');
    return fs.readdirSync(dir).map((name) => path.join(dir, name));
  };

  it('is for the owner only and refuses a malformed cursor', async () => {
    expect((await get('/api/log')).json().code).toBe(4010);
    const res = await t.server.inject({
      method: 'GET',
      url: '/api/log?continueUUID=../../etc/passwd',
      headers: { 'x-fingerprint': key },
    });
    expect(res.json()).toMatchObject({
      code: 4000,
      errors: [expect.objectContaining({ property: 'continueUUID' })],
    });
  });

  it('shows the lines of a request made just before, with its fields', async () => {
    const res = await get('/api/system/version');
    const requestId = String(res.headers['x-request-id']);
    const page = await logPage({ limit: 20 });
    expect(page.enabled).toBe(true);
    expect(page.replica).toContain(String(process.pid));
    const line = page.lines.find((candidate) => candidate.reqId === requestId);
    expect(line).toMatchObject({
      level: 'info',
      msg: 'request',
      method: 'GET',
      path: '/api/system/version',
      status: 200,
    });
    expect(line?.ms).toEqual(expect.any(Number));
    expect(line?.id).toMatch(/^\d{4}-\d{2}-\d{2}:\d+$/);
  });

  it('logs a read answered before Fastify the same way, with its request id', async () => {
    const base = await t.server.listen({ port: 0, host: '127.0.0.1' });
    await fetch(`${base}/api/blog/link`); // fills the cache
    const before = t.publicCache.fastAnswers;
    const res = await fetch(`${base}/api/blog/link`);
    expect(t.publicCache.fastAnswers).toBe(before + 1);
    const lines = await linesOf(res.headers.get('x-request-id'));
    expect(lines).toEqual([
      expect.objectContaining({
        level: 'info',
        msg: 'request',
        method: 'GET',
        path: '/api/blog/link',
        status: 200,
      }),
    ]);
  });

  it('gives a 5xx its error with the stack, linked to the request by its id', async () => {
    const res = await get('/test/boom');
    expect(res.statusCode).toBe(500);
    const requestId = String(res.headers['x-request-id']);
    const lines = await linesOf(requestId);
    expect(lines.map((line) => line.msg).sort()).toEqual(['request', 'unexpected error']);
    const error = lines.find((line) => line.level === 'error');
    expect(error?.err?.message).toBe('the test route broke');
    expect(error?.err?.stack).toContain('log.test.ts');
    expect(error).toMatchObject({ method: 'GET', path: '/test/boom' });
    expect(lines.find((line) => line.msg === 'request')?.status).toBe(500);
  });

  it('pages back without gaps or repeats while new lines keep arriving', async () => {
    for (let index = 0; index < 60; index += 1) await get(`/api/system/version?n=${index}`);
    const seen: LogLine[] = [];
    let page = await logPage({ limit: 7 });
    const firstId = page.lines[0]?.id;
    while (page.lines.length > 0) {
      seen.push(...page.lines);
      // Lines written meanwhile must not shift what the next page holds.
      await get('/api/system/version?meanwhile');
      if (!page.next) break;
      page = await logPage({ limit: 7, continueUUID: page.next });
    }
    const ids = seen.map((line) => line.id);
    expect(new Set(ids).size).toBe(ids.length);
    // Everything at info and above up to the first page's newest line, read straight from the files.
    const reference = logFiles()
      .sort()
      .flatMap((file) => {
        const day = path.basename(file, '.log');
        let offset = 0;
        return fs
          .readFileSync(file, 'utf8')
          .split('\n')
          .slice(0, -1)
          .map((text) => {
            const id = `${day}:${offset}`;
            offset += Buffer.byteLength(text) + 1;
            return { id, level: (JSON.parse(text) as { level: number }).level };
          });
      })
      .filter((line) => line.level >= 30);
    const upTo = reference.findIndex((line) => line.id === firstId);
    expect(ids).toEqual(
      reference
        .slice(0, upTo + 1)
        .reverse()
        .map((line) => line.id),
    );
    expect(ids.length).toBeGreaterThan(60);
  });

  it('follows the log: lines after a given one come oldest first', async () => {
    const newest = (await logPage({ limit: 1 })).lines[0]?.id as string;
    for (const n of [1, 2, 3]) await get(`/api/system/version?follow=${n}`);
    const page = await logPage({ after: newest });
    // Reading the log is not itself logged (a live follow would fill the log with its own polls).
    expect(page.lines.map((line) => line.path)).toEqual([
      '/api/system/version?follow=1',
      '/api/system/version?follow=2',
      '/api/system/version?follow=3',
    ]);
    expect(page.next).toBe(page.lines[2]?.id);
    expect(await logPage({ after: page.next as string })).toMatchObject({ lines: [], next: page.next });
  });

  it('adds debug lines only with verbose, and a level filter narrows', async () => {
    const debugOn = await t.server.inject({
      method: 'POST',
      url: '/api/system/debug',
      headers: { 'x-fingerprint': key },
      payload: { logLevel: 'debug', minutes: 5 },
    });
    expect(debugOn.json().code).toBe(0);
    const refused = await get('/api/job');
    expect(refused.statusCode).toBe(401);
    const requestId = String(refused.headers['x-request-id']);
    const plain = (await logPage({ limit: 50 })).lines.filter((line) => line.reqId === requestId);
    const verbose = (await logPage({ limit: 50, verbose: 'true' })).lines.filter(
      (line) => line.reqId === requestId,
    );
    expect(plain.map((line) => line.level)).toEqual(['info']);
    expect(verbose.map((line) => line.level).sort()).toEqual(['debug', 'info']);
    const errorsOnly = await logPage({ limit: 50, level: 'error' });
    expect(errorsOnly.lines.length).toBeGreaterThan(0);
    expect(errorsOnly.lines.every((line) => line.level === 'error')).toBe(true);
  });

  it('never writes a password, an access key or the dark key to a log file', async () => {
    // Still at debug level from the test before: the most talkative the server gets.
    await login(t, { password: 'wrong-password-typed' });
    const second = await loginKey(t);
    await t.server.inject({ method: 'GET', url: '/api/user/security', headers: { 'x-fingerprint': second } });
    await t.server.inject({ method: 'GET', url: `/api/user/security?fingerprint=${second}` });
    await t.server.inject({ method: 'GET', url: '/api/blog/essay', headers: { 'x-dark-key': DARK_KEY } });
    await logPage(); // writes out what is buffered
    const written = logFiles()
      .map((file) => fs.readFileSync(file, 'utf8'))
      .join('');
    expect(written).toContain('owner login failed');
    expect(written).toContain('fingerprint=[redacted]');
    for (const secret of ['wrong-password-typed', OWNER.password, key, second, DARK_KEY]) {
      expect(written).not.toContain(secret);
    }
  });
});

describe('log browser with file logs off', () => {
  it('says so and lists nothing', async () => {
    const t = await createTestApp({
      env: { LOG_LEVEL: 'info', LOG_STDOUT: 'false', LOG_FILES: 'false' },
      ownerGuard: testOwnerGuard,
    });
    try {
      await t.server.inject({ method: 'GET', url: '/api/system/version' });
      const res = await t.server.inject({ method: 'GET', url: '/api/log', headers: asOwner });
      expect(res.json().data).toMatchObject({ enabled: false, lines: [], next: null });
      expect(fs.existsSync(path.join(t.config.dataDir, 'logs'))).toBe(false);
    } finally {
      await t.close();
    }
  });
});
