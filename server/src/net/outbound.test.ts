import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Message, sayIn } from '../i18n/said.ts';
import { createOutbound, OutboundError } from './outbound.ts';

/** A refusal as the site's Chinese says it (urlProblem answers a keyed message, or null). */
const zh = (problem: Message | null) => (problem === null ? null : sayIn('zh-CN', problem));

/** A real server on 127.0.0.1 whose answer each path decides. */
const startTarget = async () => {
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    if (path === '/ok') return void res.end('fine');
    if (path === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
      return void res.end();
    }
    if (path === '/to-mapped') {
      res.writeHead(307, { location: 'http://[::ffff:10.0.0.1]/' });
      return void res.end();
    }
    if (path === '/to-ok') {
      res.writeHead(301, { location: '/ok' });
      return void res.end();
    }
    if (path === '/loop') {
      res.writeHead(302, { location: '/loop' });
      return void res.end();
    }
    if (path === '/big') return void res.end('x'.repeat(10_000));
    if (path === '/slow') return void setTimeout(() => res.end('late'), 2000);
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
};

describe('outbound fetch', () => {
  let target: Awaited<ReturnType<typeof startTarget>>;
  const outbound = createOutbound({ allowPrivate: false, allowed: ['127.0.0.1'] });

  beforeAll(async () => {
    target = await startTarget();
  });
  afterAll(() => {
    target.server.closeAllConnections();
    target.server.close();
  });

  const failure = async (promise: Promise<unknown>): Promise<OutboundError> => {
    const error = await promise.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(OutboundError);
    return error as OutboundError;
  };

  it('fetches an allowed address and follows a redirect within it', async () => {
    const answer = await outbound.fetch(`${target.base}/to-ok`);
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toBe('fine');
    expect(answer.url).toBe(`${target.base}/ok`);
  });

  it('refuses a redirect to a link-local address', async () => {
    expect((await failure(outbound.fetch(`${target.base}/to-metadata`))).kind).toBe('refused');
  });

  it('refuses a redirect to an IPv4-mapped private address', async () => {
    expect((await failure(outbound.fetch(`${target.base}/to-mapped`))).kind).toBe('refused');
  });

  it('refuses loopback when configuration does not allow it, by name too', async () => {
    const strict = createOutbound({ allowPrivate: false, allowed: [] });
    expect((await failure(strict.fetch(`${target.base}/ok`))).kind).toBe('refused');
    const byName = target.base.replace('127.0.0.1', 'localhost');
    expect((await failure(strict.fetch(`${byName}/ok`))).kind).toBe('refused');
    expect(zh(await strict.urlProblem(`${byName}/ok`))).toMatch(/内网/);
    expect(zh(await strict.urlProblem('http://[::ffff:127.0.0.1]/'))).toMatch(/内网/);
  });

  it('stops after the redirect limit', async () => {
    expect((await failure(outbound.fetch(`${target.base}/loop`, { maxRedirects: 2 }))).kind).toBe(
      'tooManyRedirects',
    );
  });

  it('caps the response size, or truncates when asked', async () => {
    expect((await failure(outbound.fetch(`${target.base}/big`, { maxBytes: 1000 }))).kind).toBe('tooLarge');
    const cut = await outbound.fetch(`${target.base}/big`, { maxBytes: 1000, truncate: true });
    expect(cut.body.length).toBe(1000);
  });

  it('times out', async () => {
    expect((await failure(outbound.fetch(`${target.base}/slow`, { timeoutMs: 200 }))).kind).toBe('timeout');
  });

  it('refuses other schemes and credentials', async () => {
    expect(zh(await outbound.urlProblem('ftp://example.com/'))).toMatch(/http/);
    expect(zh(await outbound.urlProblem('http://user:pw@example.com/'))).toMatch(/用户名/);
  });
});
