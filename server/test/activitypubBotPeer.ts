import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import { inject } from 'vitest';
import { activitypubBotFiles, installActivityPubBot } from '../../scripts/activitypubBot.mjs';
import { node24Binary } from '../../scripts/node24Binary.mjs';
import { testDialect } from './harness.ts';
import { findPgBin, freePort, startPgCluster } from './pgCluster.ts';

/*
 * The independent ActivityPub server of the federation test (issue 29): @evanp/activitypub-bot, a
 * bot framework by a co-author of ActivityPub, run by Node 24 (it asks for Node ≥ 22) in its own
 * process, on its own loopback address and port, with its own PostgreSQL database. Its one bot,
 * `tester`, is driven through a small control server (test/activitypubBot/bots.mjs).
 * docs/decisions.md (issue 29, "Test peer") says how and why.
 */

const files = activitypubBotFiles;

/**
 * The bot's storage: a database of its own on the run's PostgreSQL (the server:postgres project's
 * cluster), or, in the server:sqlite project, which starts none, a throwaway cluster of its own.
 */
export const botDatabase = async (): Promise<{ url: string; drop(): Promise<void> }> => {
  const admin = testDialect() === 'postgres' ? inject('pgAdminUrl') : process.env.TEST_DATABASE_URL;
  if (admin) {
    const name = `apbot_${randomBytes(6).toString('hex')}`;
    const run = async (sql: string) => {
      const client = new pg.Client({ connectionString: admin });
      await client.connect();
      try {
        await client.query(sql);
      } finally {
        await client.end();
      }
    };
    await run(`CREATE DATABASE ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
  }
  const bin = findPgBin();
  if (!bin) throw new Error('PostgreSQL binaries not found (install the postgresql package)');
  const cluster = await startPgCluster(bin);
  return { url: cluster.url, drop: async () => cluster.stop() };
};

export type Json = { [key: string]: unknown };

export interface ActivityPubBot {
  /** `http://{host}:{port}` */
  origin: string;
  /** The bot `tester`'s actor id. */
  actorId: string;
  /** Asks the bot to act (test/activitypubBot/bots.mjs lists the routes); throws on its errors. */
  control<T = Json>(method: 'GET' | 'POST', route: string, body?: Json): Promise<T>;
  /** Every activity its inbox accepted (signatures verified by the bot), oldest first. */
  received(): Promise<Json[]>;
  /** What the bot printed (its log), for a failing test's message. */
  output(): string;
  close(): Promise<void>;
}

export interface ActivityPubBotOptions {
  databaseUrl: string;
  /** A loopback address of its own (blocking its domain then blocks nobody else). */
  host?: string;
  /** A certificate the bot trusts besides the usual ones (the https front of our server). */
  caFile?: string;
}

/** Starts the bot server under Node 24 and waits until it answers. */
export const startActivityPubBot = async (options: ActivityPubBotOptions): Promise<ActivityPubBot> => {
  const host = options.host ?? '127.0.0.2';
  const [node, bin, port, controlPort] = await Promise.all([
    node24Binary(),
    installActivityPubBot(),
    freePort(),
    freePort(),
  ]);
  const origin = `http://${host}:${port}`;
  const env: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    TMPDIR: process.env.TMPDIR,
    // The bin script reads `--allow-private || 'ALLOW_PRIVATE' in env ? parseBoolean(env.ALLOW_PRIVATE)
    // : false`: the flag alone parses an absent variable and turns private addresses off.
    ALLOW_PRIVATE: 'true',
    BOT_CONTROL_HOST: host,
    BOT_CONTROL_PORT: String(controlPort),
  };
  if (options.caFile) env.NODE_EXTRA_CA_CERTS = options.caFile;
  const child: ChildProcess = spawn(
    node,
    [
      '--import',
      pathToFileURL(path.join(files, 'as2Backfill.mjs')).href,
      bin,
      '--database-url',
      options.databaseUrl,
      '--origin',
      origin,
      '--port',
      String(port),
      '--bots-config-file',
      path.join(files, 'bots.mjs'),
      '--allow-private',
      '--log-level',
      'warn',
      // Fewer background workers than its defaults (2, 8, 4, 2): each polls the database.
      '--delivery',
      '1',
      '--distribution',
      '2',
      '--fanout',
      '1',
      '--intake',
      '1',
    ],
    { env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-200_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let gone = false;
  void exited.then(() => {
    gone = true;
  });

  const control = async <T = Json>(method: 'GET' | 'POST', route: string, body?: Json): Promise<T> => {
    const res = await fetch(`http://${host}:${controlPort}${route}`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
    const out = (await res.json()) as T & { error?: string };
    if (!res.ok) throw new Error(`bot ${method} ${route}: ${res.status} ${out.error ?? ''}`);
    return out;
  };

  const close = async () => {
    if (gone) return;
    child.kill('SIGTERM');
    const stopped = await Promise.race([exited.then(() => true), sleep(5000).then(() => false)]);
    if (!stopped) {
      child.kill('SIGKILL');
      await exited;
    }
  };

  const until = Date.now() + 60_000;
  for (;;) {
    if (gone) throw new Error(`activitypub-bot exited:\n${output}`);
    const ready = await fetch(`${origin}/readyz`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ready) break;
    if (Date.now() > until) {
      await close();
      throw new Error(`activitypub-bot did not start:\n${output}`);
    }
    await sleep(100);
  }
  return {
    origin,
    actorId: `${origin}/user/tester`,
    control,
    received: () => control<Json[]>('GET', '/received'),
    output: () => output,
    close,
  };
};
