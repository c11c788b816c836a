import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWebhookReceiver, type WebhookReceiver } from '../fakes/webhookReceiver.ts';
import { clientOf, ownerLogin } from './client.ts';
import { type Cluster, startCluster } from './cluster.ts';
import { type LoadRecord, runMixedLoad } from './load.ts';

/**
 * Issue 28: two real replicas behind nginx on one PostgreSQL and one S3 store, a minute of mixed load
 * with one replica killed (-9) in the middle and started again, then what must still hold.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const LOAD_MS = 60_000;
const KILL_AT_MS = 20_000;
const RESTART_AT_MS = 35_000;
const RESERVE_IN_MS = 40_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const waitFor = async <T>(
  what: string,
  probe: () => Promise<T | undefined>,
  timeoutMs: number,
): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await sleep(500);
  }
  throw new Error(`timed out waiting for ${what}`);
};

describe('several replicas behind nginx, one killed under load', () => {
  let cluster: Cluster;
  let receiver: WebhookReceiver;
  let db: pg.Pool;
  let record: LoadRecord;
  let killedAt = 0;
  let reservedId = 0;
  let ownerKey = '';
  const run = `run${Date.now().toString(36)}`;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    cluster = await startCluster({
      replicas: 2,
      root,
      env: { OUTBOUND_ALLOWED_ADDRESSES: '127.0.0.1', LOG_LEVEL: 'info', ANALYTICS_FLUSH_MS: '500' },
    });
    db = new pg.Pool({ connectionString: cluster.databaseUrl, max: 2 });

    const login = await ownerLogin(cluster.url, cluster.owner, 'cluster-owner');
    expect(login.code).toBe(0);
    ownerKey = (login.data as { accessKey: string }).accessKey;
    const owner = clientOf(cluster.url, { 'x-fingerprint': ownerKey, 'x-uuid': 'cluster-owner' });
    const hook = await owner.call('POST', '/api/webhook/endpoint', {
      body: { name: '集群', url: receiver.url, events: ['essay.published'] },
    });
    expect(hook.code).toBe(0);
    const target = await owner.call('POST', '/api/blog/essay', { body: { content: `# 评论区 ${run}` } });
    const reserved = await owner.call('POST', '/api/blog/essay', {
      body: { content: `# 预约 ${run}`, reservation: Date.now() + RESERVE_IN_MS },
    });
    expect([target.code, reserved.code]).toEqual([0, 0]);
    reservedId = (reserved.data as { id: number }).id;

    const load = runMixedLoad({
      baseUrl: cluster.url,
      ownerKey,
      essayId: (target.data as { id: number }).id,
      durationMs: LOAD_MS,
      visitors: 3,
      run,
    });
    await sleep(KILL_AT_MS);
    killedAt = Date.now();
    cluster.kill(1);
    await sleep(RESTART_AT_MS - KILL_AT_MS);
    await cluster.restart(1);
    record = await load;
  }, 240_000);

  afterAll(async () => {
    await db?.end();
    await cluster?.stop();
    await receiver?.close();
  });

  it('answered every read, through the kill too', () => {
    const failed = record.reads.filter((r) => r.status !== 200);
    expect(record.reads.length).toBeGreaterThan(100);
    expect(failed.map((r) => `${r.status} ${r.path}`)).toEqual([]);
  });

  it('failed no write but those cut by the kill itself', () => {
    const failed = record.writes.filter((w) => w.status !== 200 || w.code !== 0);
    // A write in flight on the killed replica is cut (nginx never resends a POST); one sent after
    // the kill goes to the live replica.
    const cut = (at: number) => at <= killedAt + 1000 && at >= killedAt - 15_000;
    expect(failed.filter((w) => !cut(w.at)).map((w) => `${w.status} ${w.code} ${w.path}`)).toEqual([]);
    expect(record.essays.length).toBeGreaterThan(3);
    expect(record.comments.length).toBeGreaterThan(3);
  });

  it('keeps every acknowledged write, exactly once', async () => {
    const count = async (table: string, column: string, text: string) => {
      const result = await db.query(`SELECT count(*)::int AS n FROM ${table} WHERE ${column} = $1`, [text]);
      return (result.rows[0] as { n: number }).n;
    };
    const missing: string[] = [];
    const expectOnce = async (table: string, column: string, text: string) => {
      const n = await count(table, column, text);
      if (n !== 1) missing.push(`${table} "${text}": ${n}`);
    };
    for (const { marker } of record.essays)
      await expectOnce('essay', 'content', `# 集群 ${marker}\n\n正文 ${marker}`);
    for (const { marker } of record.moments) await expectOnce('moment', 'content', `动态 ${marker}`);
    for (const { marker } of record.todos) await expectOnce('todo', 'title', `待办 ${marker}`);
    for (const { marker } of record.comments) await expectOnce('comment', 'content', `评论 ${marker}`);
    expect(missing).toEqual([]);
  });

  it('counts each page a visitor read once, whichever replicas answered its calls', async () => {
    const pages = new Map<string, { uuid: string; at: number[] }>();
    for (const call of record.pageCalls) {
      const key = `${call.uuid} ${call.page}`;
      const entry = pages.get(key) ?? { uuid: call.uuid, at: [] };
      entry.at.push(call.at);
      pages.set(key, entry);
    }
    // A page all of whose calls the killed replica answered in its last moments may have died in
    // its unflushed buffer (it flushes every 500 ms): such a page may be missing, never counted twice.
    const atRisk = (at: number[]) => at.every((t) => t >= killedAt - 3000 && t <= killedAt + 1000);
    const expected = new Map<string, { pages: number; atRisk: number }>();
    for (const { uuid, at } of pages.values()) {
      const e = expected.get(uuid) ?? { pages: 0, atRisk: 0 };
      e.pages += 1;
      if (atRisk(at)) e.atRisk += 1;
      expected.set(uuid, e);
    }
    expect(expected.size).toBe(3);
    await sleep(2000); // the replicas' last flush
    const owner = clientOf(cluster.url, { 'x-fingerprint': ownerKey });
    const listed = await owner.call('GET', '/api/analytics/uniqueClient?size=100');
    expect(listed.code).toBe(0);
    const counted = new Map(
      (listed.data as { list: { uuid: string; views: number }[] }).list.map((c) => [c.uuid, c.views]),
    );
    const wrong = [...expected]
      .filter(([uuid, e]) => {
        const views = counted.get(uuid) ?? 0;
        return views > e.pages || views < e.pages - e.atRisk;
      })
      .map(
        ([uuid, e]) => `${uuid}: ${counted.get(uuid) ?? 0} views for ${e.pages} pages (${e.atRisk} at risk)`,
      );
    expect(wrong).toEqual([]);
  });

  it('serves an upload made through one replica from every replica', async () => {
    expect(record.uploads.length).toBeGreaterThan(0);
    for (const url of record.uploads.slice(-3)) {
      for (const replica of cluster.replicas) {
        const res = await fetch(`http://127.0.0.1:${replica.port}${url}`);
        expect(res.status, `${url} on replica ${replica.index + 1}`).toBe(200);
        expect(res.headers.get('content-type')).toMatch(/^image\//);
      }
    }
  });

  it('publishes the reservation that came due during the run, and announces it once', async () => {
    const visitor = clientOf(cluster.url);
    await waitFor(
      'the reserved essay',
      async () =>
        (await visitor.call('GET', `/api/blog/essay/${reservedId}`)).code === 0 ? true : undefined,
      60_000,
    );
    const announced = () =>
      receiver.received.filter(
        (hook) => (JSON.parse(hook.body) as { data: { id: number } }).data.id === reservedId,
      );
    await waitFor('its webhook', async () => (announced().length > 0 ? true : undefined), 90_000);
    // Any second announcement would come from the other replica's job run within the next tick.
    await sleep(5000);
    expect(announced()).toHaveLength(1);
  }, 160_000);

  it('ran every scheduled job once per tick, not once per replica', async () => {
    const result = await db.query(
      `SELECT job_id, floor(started_at / 60000) AS minute, count(*)::int AS n FROM job_run
       WHERE trigger = 'schedule' GROUP BY job_id, floor(started_at / 60000) HAVING count(*) > 1`,
    );
    expect(result.rows).toEqual([]);
    const ran = await db.query(`SELECT count(*)::int AS n FROM job_run WHERE trigger = 'schedule'`);
    expect((ran.rows[0] as { n: number }).n).toBeGreaterThan(0);
  });

  it("holds the owner's key on every replica", async () => {
    for (const replica of cluster.replicas) {
      const res = await fetch(`http://127.0.0.1:${replica.port}/api/user/security`, {
        headers: { 'x-fingerprint': ownerKey },
      });
      expect(((await res.json()) as { code: number }).code, `replica ${replica.index + 1}`).toBe(0);
    }
  });

  it("shows every replica's log lines through whichever replica answers, each marked with its replica", async () => {
    // One request straight to each replica: its access line is logged by that replica alone.
    const markers = cluster.replicas.map((replica) => `${run}-log-${replica.index + 1}`);
    for (const replica of cluster.replicas) {
      const res = await fetch(
        `http://127.0.0.1:${replica.port}/api/system/version?m=${markers[replica.index]}`,
      );
      expect(res.status).toBe(200);
    }
    const owner = clientOf(cluster.url, { 'x-fingerprint': ownerKey });
    const found = await waitFor(
      'a line from every replica',
      async () => {
        const page = await owner.call('GET', '/api/log?limit=500');
        const lines = (page.data as { lines: { path?: string; replica?: string }[] } | null)?.lines ?? [];
        const byMarker = markers.map((marker) => lines.find((line) => line.path?.includes(marker)));
        return byMarker.every(Boolean) ? byMarker : undefined;
      },
      15_000,
    );
    expect(found.map((line) => line?.replica)).toEqual(
      cluster.replicas.map((replica) => expect.stringContaining(`pid ${replica.process.pid}`)),
    );
  });

  it('counts login failures on every replica together', async () => {
    // Round robin spreads these over both replicas; from the fourth on, a proof of work is asked
    // whichever answers (issue 40.4: three failures of an address), so both counted all three.
    const codes: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      const out = await ownerLogin(
        cluster.url,
        { username: cluster.owner.username, password: 'wrong' },
        `guess-${i}`,
      );
      codes.push(out.code);
    }
    expect(codes).toEqual([4010, 4010, 4010, 4038, 4038, 4038, 4038]);
  });
});
