import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientOf, ownerLogin } from '../../../test/cluster/client.ts';
import { photograph } from '../../../test/fakes/photograph.ts';
import { type FakeS3, startFakeS3 } from '../../../test/fakes/s3.ts';
import { createTestApp, type TestApp, testDialect } from '../../../test/harness.ts';
import { loadConfig } from '../../config.ts';
import { createStorage } from '../../storage/index.ts';
import { newBackupKey } from './commandLine.ts';
import { openDestination } from './destination.ts';
import { listPoints } from './reader.ts';

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, '../../../..');
const dist = path.join(root, 'server/dist');
const owner = { username: 'owner', password: 'backup-kill-test' };

/** The built server on `port`, answering; its output kept for a failure's message. */
const startServer = async (env: NodeJS.ProcessEnv, port: number) => {
  const child = spawn(process.execPath, [path.join(dist, 'main.js')], {
    env: { ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (const deadline = Date.now() + 60_000; ; ) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (
      await fetch(`${url}/api/health/ready`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return { child, url, output: () => output };
};

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

const killHard = async (child: ChildProcess) => {
  const gone = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await gone;
};

/**
 * Issue 45's "done when": content written over HTTP, a nightly backup, more content, the shipper's
 * points, `kill -9`, the data folder (and the database) gone, `npm run restore` to the moment of
 * the kill — and every acknowledged write is back, pictures included. SQLite (files in a folder)
 * ships to a folder; PostgreSQL (files in an S3 bucket) ships to another S3 bucket (s3rver).
 */
describe(`restore after kill -9 and a lost disk (${testDialect()})`, () => {
  let t: TestApp;
  let s3: FakeS3 | null = null;
  let siteS3: FakeS3 | null = null;
  let env: NodeJS.ProcessEnv;
  let destinationSpec: string;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-backup-kill-'));
  beforeAll(async () => {
    execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--server'], { stdio: 'ignore' });
    t = await createTestApp({ sqliteName: 'candy.sqlite' });
    const key = await newBackupKey();
    const identityFile = path.join(work, 'owner.key');
    fs.writeFileSync(identityFile, `${key.identity}\n`);
    let destination: Record<string, string>;
    if (testDialect() === 'sqlite') {
      destinationSpec = path.join(work, 'other-disk');
      destination = { BACKUP_DESTINATION: destinationSpec };
    } else {
      s3 = await startFakeS3('candy-offsite');
      // The site's own files in S3 too (a bucket of its own, not the backups').
      siteS3 = await startFakeS3('candy-site');
      destinationSpec = `s3://${s3.bucket}/candy`;
      destination = {
        BACKUP_DESTINATION: destinationSpec,
        BACKUP_S3_ENDPOINT: s3.endpoint,
        BACKUP_S3_ACCESS_KEY_ID: 'S3RVER',
        BACKUP_S3_SECRET_ACCESS_KEY: 'S3RVER',
        ...siteS3.env,
      };
    }
    env = {
      ...process.env,
      // The command line's lines in English (the operator's locale), as asserted below.
      LC_ALL: 'en_US.UTF-8',
      DATA_DIR: t.config.dataDir,
      ...(t.config.database.kind === 'postgres' ? { DATABASE_URL: t.config.database.url } : {}),
      OWNER_USERNAME: owner.username,
      OWNER_PASSWORD: owner.password,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      LOG_FILES: 'false',
      SNAPSHOT_DEBOUNCE_MS: '0',
      BACKUP_RECIPIENT: key.recipient,
      BACKUP_IDENTITY_FILE: identityFile,
      BACKUP_SHIP_SECONDS: '1',
      ...destination,
    };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await s3?.close();
    await siteS3?.close();
    fs.rmSync(work, { recursive: true, force: true });
  });

  it('brings back every acknowledged write up to the loss window, pictures included', {
    timeout: 180_000,
  }, async () => {
    const port = await freePort();
    const first = await startServer(env, port);
    const login = await ownerLogin(first.url, owner, 'backup-owner');
    expect(login.code, JSON.stringify(login.data)).toBe(0);
    const client = clientOf(first.url, {
      'x-fingerprint': (login.data as { accessKey: string }).accessKey,
      'x-uuid': 'backup-owner',
    });
    const written: { id: number; content: string }[] = [];
    const pictures: { url: string; bytes: Buffer }[] = [];
    const write = async (n: number) => {
      const content = `# 备份之前 ${n}\n\n写于 ${new Date().toISOString()}`;
      const essay = await client.call('POST', '/api/blog/essay', { body: { content } });
      expect(essay.code, JSON.stringify(essay.data)).toBe(0);
      written.push({ id: (essay.data as { id: number }).id, content });
      const bytes = await photograph(320, 240);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), `p${n}.jpg`);
      const upload = await client.call('POST', '/api/static/image', { body: form });
      // Once (ci41, under load) a good JPEG was refused with 4150: say what the server said.
      expect(upload.code, `${upload.message ?? ''} ${JSON.stringify(upload.data)}`).toBe(0);
      const url = (upload.data as { url: string }).url;
      // As stored and served (the upload may be rewritten, e.g. its metadata stripped).
      const served = await fetch(`${first.url}${url}`);
      expect(served.status).toBe(200);
      pictures.push({ url, bytes: Buffer.from(await served.arrayBuffer()) });
    };

    await write(1);
    // The nightly backup, as `npm run backup` runs it, beside the live server.
    await run(process.execPath, [path.join(dist, 'cli.js'), 'backup'], { env });
    await write(2);
    await write(3);
    const lastAck = Date.now();

    // The shipper's point that covers the last acknowledged write.
    const { store } = openDestination(destinationSpec, {
      endpoint: s3?.endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    });
    for (const deadline = Date.now() + 60_000; ; ) {
      const points = await listPoints(store);
      if (points.some((p) => p.kind === 'point' && p.createdAt > lastAck)) break;
      if (Date.now() > deadline) throw new Error(`no point after the last write:\n${first.output()}`);
      await new Promise((r) => setTimeout(r, 200));
    }
    const killedAt = new Date();
    await killHard(first.child);

    // The disk is gone: the data folder, and on PostgreSQL the database's tables and the files'
    // bucket's content.
    fs.rmSync(t.config.dataDir, { recursive: true, force: true });
    if (siteS3) {
      const site = createStorage(loadConfig({ ...siteS3.env, DATA_DIR: work }));
      const stored = await site.list('');
      expect(stored.length).toBeGreaterThan(0);
      for (const blob of stored) await site.delete(blob.key);
    }
    if (t.config.database.kind === 'postgres') {
      const client = new pg.Client({ connectionString: t.config.database.url });
      await client.connect();
      await client.query('DROP SCHEMA public CASCADE');
      await client.query('CREATE SCHEMA public');
      await client.end();
    }

    const restored = await run(
      process.execPath,
      [path.join(dist, 'cli.js'), 'restore', '--from', destinationSpec, '--at', killedAt.toISOString()],
      { env },
    );
    expect(restored.stdout).toMatch(/restored \d+ tables and \d+ files/);

    const second = await startServer(env, port);
    try {
      for (const essay of written) {
        const res = await fetch(`${second.url}/api/blog/essay/${essay.id}`);
        const body = (await res.json()) as { code: number; data: { content: string } };
        expect(body.data?.content, `essay ${essay.id}`).toBe(essay.content);
      }
      for (const picture of pictures) {
        const res = await fetch(`${second.url}${picture.url}`);
        expect(res.status, picture.url).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(picture.bytes)).toBe(true);
      }
    } finally {
      await killHard(second.child);
    }
  });
});
