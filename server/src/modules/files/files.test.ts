import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, testOwnerGuard } from '../../../test/contentFactories.ts';
import { type FakeS3, startFakeS3 } from '../../../test/fakes/s3.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { multipartBody } from '../../../test/multipartBody.ts';
import { sayIn } from '../../i18n/said.ts';
import { publicUrlOf } from '../../storage/index.ts';
import { ownerKey } from '../auth/testing.ts';

const gitLog = (dir: string) =>
  execFileSync('git', ['log', '--format=%s', 'main'], { cwd: dir, encoding: 'utf8' }).trim().split('\n');

/**
 * How `/files/` answers for a public key and for the private prefixes (uploads being staged, temporary
 * blobs): each is stored first (and removed after), so a 404 means refused, not missing.
 */
const filesAnswers = async (t: TestApp): Promise<Record<string, number>> => {
  const answers: Record<string, number> = {};
  for (const key of ['images/public-one.txt', 'staging/private-one', 'buffer/private-two']) {
    await t.storage.put(key, Readable.from([Buffer.from('内容')]), { contentType: 'text/plain' });
    answers[key] = (await t.server.inject({ method: 'GET', url: publicUrlOf(key) })).statusCode;
    await t.storage.delete(key);
  }
  return answers;
};
const publicOnly = { 'images/public-one.txt': 200, 'staging/private-one': 404, 'buffer/private-two': 404 };

describe('the content repository', () => {
  let t: TestApp;
  let remote: string;
  beforeAll(async () => {
    remote = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-remote-'));
    execFileSync('git', ['init', '--quiet', '--bare', '--initial-branch=main', remote]);
    t = await createTestApp({
      ownerGuard: testOwnerGuard,
      env: { CONTENT_GIT_REMOTE: remote, FILE_UPLOAD_MAX: '100000' },
    });
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(remote, { recursive: true, force: true });
  });

  const api = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
    t.server.inject({ method, url: `/api${url}`, headers: asOwner, ...(payload ? { payload } : {}) });
  const upload = (target: string, data: Buffer | string, name = 'x.bin') => {
    const body = multipartBody([
      { name: 'path', value: target },
      { name: 'file', filename: name, data: Buffer.from(data) },
    ]);
    return t.server.inject({
      method: 'POST',
      url: '/api/api/github/blob',
      headers: { ...asOwner, ...body.headers },
      payload: body.payload,
    });
  };
  const contentDir = () => path.join(t.config.dataDir, 'content');

  it('uploads two files into a new folder, commits, deletes the folder, restores a file — each commit pushed', async () => {
    const first = await upload('notes/hello.md', '# 你好\n');
    expect(first.json()).toEqual({ code: 0, data: { status: 'added', path: 'notes/hello.md' } });
    await upload('notes/pic.bin', Buffer.alloc(3000, 7));
    expect((await api('GET', '/api/github/staged')).json().data).toEqual([
      { status: 'added', path: 'notes/hello.md' },
      { status: 'added', path: 'notes/pic.bin' },
    ]);
    const committed = (await api('POST', '/api/github/commit', { message: '加两个文件' })).json().data;
    expect(committed).toMatchObject({ message: '加两个文件', changes: 2, pushed: true, pushError: null });
    expect((await api('GET', '/api/github/staged')).json().data).toEqual([]);

    const root = (await api('GET', '/api/github/content')).json().data;
    expect(root).toMatchObject({
      kind: 'dir',
      entries: [{ name: 'notes', type: 'dir', lastCommit: { message: '加两个文件' } }],
    });
    const folder = (await api('GET', '/api/github/content?path=notes')).json().data;
    expect(folder.entries.map((e: { name: string; size: number }) => [e.name, e.size])).toEqual([
      ['hello.md', 9],
      ['pic.bin', 3000],
    ]);
    const history = (await api('GET', '/api/github/history?path=notes/hello.md')).json().data;
    expect(history).toEqual([{ hash: committed.hash, time: expect.any(Number), message: '加两个文件' }]);

    const removed = (
      await api('DELETE', '/api/github/commit/dir', { path: 'notes', message: '删掉 notes' })
    ).json().data;
    expect(removed).toMatchObject({ message: '删掉 notes', pushed: true });
    expect((await api('GET', '/api/github/content?path=notes')).json().code).toBe(4040);
    // The old version is still there to read and to restore.
    const old = (await api('GET', `/api/github/content?path=notes/hello.md&ref=${committed.hash}`)).json()
      .data;
    expect(old).toMatchObject({ kind: 'file', size: 9 });
    expect(
      (await api('POST', '/api/github/restore', { path: 'notes/hello.md', commit: committed.hash })).json()
        .data,
    ).toEqual([{ status: 'added', path: 'notes/hello.md' }]);
    await api('POST', '/api/github/commit', { message: '找回 hello.md' });

    expect(gitLog(contentDir())).toEqual(['找回 hello.md', '删掉 notes', '加两个文件']);
    const whole = (await api('GET', '/api/github/history')).json();
    expect(
      whole.data?.map((c: { message: string }) => c.message),
      JSON.stringify(whole),
    ).toEqual(['找回 hello.md', '删掉 notes', '加两个文件']);
    // The bare remote received every commit.
    expect(gitLog(remote)).toEqual(['找回 hello.md', '删掉 notes', '加两个文件']);
  });

  it('stages new folders, moves and deletions, and discards them', async () => {
    await api('POST', '/api/github/folder', { path: 'empty' });
    await api('POST', '/api/github/move', { from: 'notes/hello.md', to: 'archive/hello.md' });
    const staged = (await api('GET', '/api/github/staged')).json().data;
    expect(staged).toEqual(
      expect.arrayContaining([
        { status: 'added', path: 'empty/.keep' },
        { status: 'renamed', from: 'notes/hello.md', path: 'archive/hello.md' },
      ]),
    );
    // Discarding the rename puts the file back where it was.
    expect((await api('DELETE', '/api/github/staged', { path: 'archive/hello.md' })).json().data).toEqual([
      { status: 'added', path: 'empty/.keep' },
    ]);
    await api('POST', '/api/github/remove', { path: 'notes/hello.md' });
    expect((await api('DELETE', '/api/github/staged', {})).json().data).toEqual([]);
    expect(fs.existsSync(path.join(contentDir(), 'notes/hello.md'))).toBe(true);
    expect(fs.existsSync(path.join(contentDir(), 'empty'))).toBe(false);
    expect((await api('POST', '/api/github/commit', { message: '空的' })).json().code).toBe(4090);
  });

  it('shows a new folder as staged, lists what is uploaded into it, and takes it back whole', async () => {
    expect((await api('POST', '/api/github/folder', { path: 'fresh' })).json().code).toBe(0);
    expect((await api('GET', '/api/github/content?path=fresh')).json()).toEqual({
      code: 0,
      data: { kind: 'dir', path: 'fresh', ref: expect.any(String), entries: [], staged: true },
    });
    const root = (await api('GET', '/api/github/content')).json().data;
    expect(root.entries).toContainEqual(
      expect.objectContaining({ name: 'fresh', type: 'dir', staged: true }),
    );
    await upload('fresh/inner/a.txt', 'a');
    expect((await api('GET', '/api/github/content?path=fresh')).json().data.entries).toEqual([
      { name: 'inner', path: 'fresh/inner', type: 'dir', size: null, lastCommit: null, staged: true },
    ]);
    expect((await api('GET', '/api/github/content?path=fresh/inner')).json().data.entries).toEqual([
      { name: 'a.txt', path: 'fresh/inner/a.txt', type: 'file', size: 1, lastCommit: null, staged: true },
    ]);
    // The folder's `.keep` is not a path a call may name (no dot segments): the folder's path is.
    expect((await api('DELETE', '/api/github/staged', { path: 'fresh/.keep' })).json().code).toBe(4000);
    // Undoing the folder takes back everything staged inside it, and the folder itself.
    expect((await api('DELETE', '/api/github/staged', { path: 'fresh' })).json()).toEqual({
      code: 0,
      data: [],
    });
    expect(fs.existsSync(path.join(contentDir(), 'fresh'))).toBe(false);
    expect((await api('GET', '/api/github/content?path=fresh')).json().code).toBe(4040);
  });

  it('deletes a file moved in the same commit (the deletion of its old path is what is committed)', async () => {
    await upload('moving/one.txt', '1');
    expect((await api('POST', '/api/github/commit', { message: '加 one' })).json().code).toBe(0);
    await api('POST', '/api/github/move', { from: 'moving/one.txt', to: 'moving/two.txt' });
    expect((await api('POST', '/api/github/remove', { path: 'moving/two.txt' })).json()).toEqual({
      code: 0,
      data: [{ status: 'deleted', path: 'moving/one.txt' }],
    });
    expect((await api('POST', '/api/github/commit', { message: '删 one' })).json().data).toMatchObject({
      changes: 1,
    });
    expect((await api('GET', '/api/github/content?path=moving')).json().code).toBe(4040);
  });

  it('refuses a file over the size cap with 4130 and keeps nothing of it', async () => {
    const res = await upload('big.bin', Buffer.alloc(200_000, 1));
    expect(res.json().code).toBe(4130);
    expect((await api('GET', '/api/github/staged')).json().data).toEqual([]);
    expect(await t.storage.list('staging/')).toEqual([]);
  });

  const traversals = [
    '../escape',
    '%2e%2e/escape',
    '/etc/passwd',
    '.git/config',
    'a/../../b',
    'notes/.git/x',
    'a\\b',
  ];
  it.each(traversals)('refuses %s with 4000 on every file call and touches nothing', async (bad) => {
    const before = execFileSync('git', ['status', '--porcelain'], { cwd: contentDir(), encoding: 'utf8' });
    const answers = [
      await api('GET', `/api/github/content?path=${encodeURIComponent(bad)}`),
      await api('GET', `/api/github/history?path=${encodeURIComponent(bad)}`),
      await upload(bad, 'x'),
      await api('POST', '/api/github/folder', { path: bad }),
      await api('POST', '/api/github/move', { from: bad, to: 'ok/x' }),
      await api('POST', '/api/github/move', { from: 'notes/hello.md', to: bad }),
      await api('POST', '/api/github/remove', { path: bad }),
      await api('POST', '/api/github/restore', { path: bad, commit: 'HEAD' }),
      await api('DELETE', '/api/github/staged', { path: bad }),
      await api('DELETE', '/api/github/commit/dir', { path: bad, message: 'x' }),
      await api('GET', `/static/blob?path=${encodeURIComponent(bad)}`),
    ];
    for (const res of answers) expect(res.json().code, res.body).toBe(4000);
    expect(execFileSync('git', ['status', '--porcelain'], { cwd: contentDir(), encoding: 'utf8' })).toBe(
      before,
    );
    expect(fs.existsSync(path.join(t.config.dataDir, 'escape'))).toBe(false);
    expect(await t.storage.list('staging/')).toEqual([]);
  });
});

describe('protected assets and temporary blobs', () => {
  let t: TestApp;
  let key: string;
  beforeAll(async () => {
    t = await createTestApp({
      env: { CONTENT_GIT_REMOTE: path.join(os.tmpdir(), `candy-missing-${Date.now()}`) },
    });
    key = await ownerKey(t);
  });
  afterAll(() => t.close());

  const as = (accessKey: string) => ({ 'x-fingerprint': accessKey });

  it('keeps a commit whose push failed, says why, and pushes it later', async () => {
    const body = multipartBody([
      { name: 'path', value: 'frontend/cover.svg' },
      {
        name: 'file',
        filename: 'cover.svg',
        data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      },
    ]);
    await t.server.inject({
      method: 'POST',
      url: '/api/api/github/blob',
      headers: { ...as(key), ...body.headers },
      payload: body.payload,
    });
    const commit = await t.server.inject({
      method: 'POST',
      url: '/api/api/github/commit',
      headers: as(key),
      payload: { message: '封面' },
    });
    expect(commit.json().data).toMatchObject({
      message: '封面',
      pushed: false,
      pushError: expect.any(String),
    });
    execFileSync('git', [
      'init',
      '--quiet',
      '--bare',
      '--initial-branch=main',
      t.config.contentGitRemote as string,
    ]);
    expect(await t.modules.files.repository.retryPush()).toEqual({ pushed: true, pushError: null });
    expect(gitLog(t.config.contentGitRemote as string)).toEqual(['封面']);
  });

  it('serves a protected asset with the owner key in the query, inert, private and in ranges', async () => {
    const url = `/api/static/blob?path=frontend/cover.svg&fingerprint=${key}`;
    const res = await t.server.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['cache-control']).toBe('private, max-age=300');
    expect(res.headers['content-security-policy']).toContain('sandbox');
    expect(res.body).toContain('<svg');
    const part = await t.server.inject({ method: 'GET', url, headers: { range: 'bytes=5-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.body).toBe(res.body.slice(5, 10));
    expect(part.headers['content-range']).toBe(`bytes 5-9/${res.body.length}`);
    // The same file in the header works too; a missing one is 4040.
    expect(
      (
        await t.server.inject({
          method: 'GET',
          url: '/api/static/blob?path=frontend/cover.svg',
          headers: as(key),
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await t.server.inject({
          method: 'GET',
          url: `/api/static/blob?path=frontend/nope.png&fingerprint=${key}`,
        })
      ).json().code,
    ).toBe(4040);
  });

  it('refuses a protected asset without a key, with a revoked key and with an expired one (4010)', async () => {
    const url = (k?: string) => `/api/static/blob?path=frontend/cover.svg${k ? `&fingerprint=${k}` : ''}`;
    expect((await t.server.inject({ method: 'GET', url: url() })).json().code).toBe(4010);
    expect((await t.server.inject({ method: 'GET', url: url('not-a-key') })).json().code).toBe(4010);
    const revoked = await ownerKey(t);
    await t.database.db
      .updateTable('access_key')
      .set({ revoked_at: t.clock.now })
      .where('revoked_at', 'is', null)
      .execute();
    expect((await t.server.inject({ method: 'GET', url: url(revoked) })).json().code).toBe(4010);
    const expiring = await ownerKey(t);
    expect((await t.server.inject({ method: 'GET', url: url(expiring) })).statusCode).toBe(200);
    t.clock.advance(t.config.accessKeyTtlMs + 1000);
    expect((await t.server.inject({ method: 'GET', url: url(expiring) })).json().code).toBe(4010);
    key = await ownerKey(t);
  });

  it('shares a temporary blob until it expires; then 404, and the clean-up removes it', async () => {
    const body = multipartBody([
      { name: 'keyname', value: '报告 1.txt' },
      { name: 'expiresIn', value: '2' },
      { name: 'file', filename: 'r.txt', data: Buffer.from('临时的内容') },
    ]);
    const made = await t.server.inject({
      method: 'POST',
      url: '/api/static/buffer/blob',
      headers: { ...as(key), ...body.headers },
      payload: body.payload,
    });
    const { url, size } = made.json().data;
    expect(size).toBe(Buffer.byteLength('临时的内容'));
    expect(url).toMatch(/^\/api\/static\/buffer\/[\w-]{16}\/%E6%8A%A5%E5%91%8A%201\.txt$/);
    const read = await t.server.inject({ method: 'GET', url });
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe('临时的内容');
    // The bytes are not public under /files/ (that would outlive the link).
    const [stored] = await t.storage.list('buffer/');
    expect((await t.server.inject({ method: 'GET', url: publicUrlOf(stored?.key ?? '') })).statusCode).toBe(
      404,
    );
    expect(read.headers['content-type']).toBe('text/plain; charset=utf-8');
    t.clock.advance(2001);
    expect((await t.server.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect(await t.storage.list('buffer/')).toHaveLength(1);
    expect(sayIn('zh-CN', await t.modules.files.buffers.sweepExpired())).toBe('临时文件：1');
    expect(await t.storage.list('buffer/')).toEqual([]);
  });

  it('never serves staged uploads or temporary blobs at /files/, though it serves the folder', async () => {
    expect(await filesAnswers(t)).toEqual(publicOnly);
  });

  it('bounds expiresIn and refuses a name with a slash', async () => {
    for (const [keyname, expiresIn] of [
      ['a.txt', '0'],
      ['a.txt', String(31 * 86_400)],
      ['a/b.txt', '60'],
    ]) {
      const body = multipartBody([
        { name: 'keyname', value: keyname as string },
        { name: 'expiresIn', value: expiresIn as string },
        { name: 'file', filename: 'r.txt', data: Buffer.from('x') },
      ]);
      const res = await t.server.inject({
        method: 'POST',
        url: '/api/static/buffer/blob',
        headers: { ...as(key), ...body.headers },
        payload: body.payload,
      });
      expect(res.json().code).toBe(4000);
    }
    expect(await t.storage.list('buffer/')).toEqual([]);
  });
});

describe('the whole upload path on S3 (s3rver on 127.0.0.1)', () => {
  let t: TestApp;
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
    t = await createTestApp({ ownerGuard: testOwnerGuard, env: s3.env });
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  const send = (url: string, parts: Parameters<typeof multipartBody>[0]) => {
    const body = multipartBody(parts);
    return t.server.inject({
      method: 'POST',
      url,
      headers: { ...asOwner, ...body.headers },
      payload: body.payload,
    });
  };

  it('stores an uploaded image in the bucket and serves it at /files/ with ranges', async () => {
    expect(t.storage.kind).toBe('s3');
    const png = await (await import('sharp'))
      .default({ create: { width: 40, height: 30, channels: 3, background: '#c9336f' } })
      .png()
      .toBuffer();
    const res = await send('/api/static/image', [
      { name: 'file', filename: 'p.png', contentType: 'image/png', data: png },
    ]);
    const image = res.json().data as { url: string; width: number; height: number };
    expect(image).toMatchObject({ width: 40, height: 30 });
    const key = decodeURIComponent(image.url.slice('/files/'.length));
    expect((await t.storage.stat(key))?.size).toBeGreaterThan(0);
    const served = await t.server.inject({ method: 'GET', url: image.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['cache-control']).toContain('immutable');
    const part = await t.server.inject({ method: 'GET', url: image.url, headers: { range: 'bytes=0-7' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(served.rawPayload.subarray(0, 8));
  });

  it('stages a file through the bucket into the repository, and shares a temporary blob from it', async () => {
    const staged = await send('/api/api/github/blob', [
      { name: 'path', value: 'docs/a.txt' },
      { name: 'file', filename: 'a.txt', data: Buffer.from('经由 S3') },
    ]);
    expect(staged.json().data).toEqual({ status: 'added', path: 'docs/a.txt' });
    // The upload passed through the bucket and left it once staged.
    expect(await t.storage.list('staging/')).toEqual([]);
    const shared = await send('/api/static/buffer/blob', [
      { name: 'keyname', value: 'a.txt' },
      { name: 'expiresIn', value: '60' },
      { name: 'file', filename: 'a.txt', data: Buffer.from('临时') },
    ]);
    const { url } = shared.json().data as { url: string };
    expect((await t.server.inject({ method: 'GET', url })).body).toBe('临时');
    expect(await t.storage.list('buffer/')).toHaveLength(1);
  });

  it('never serves staged uploads or temporary blobs at /files/, though it serves the bucket', async () => {
    expect(await filesAnswers(t)).toEqual(publicOnly);
  });
});
