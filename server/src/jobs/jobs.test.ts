import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, insertEssays, testOwnerGuard } from '../../test/contentFactories.ts';
import { createReplica, createTestApp, type TestApp } from '../../test/harness.ts';
import { sayIn } from '../i18n/said.ts';
import type { NotifyEvent } from '../notify.ts';
import { checkLinks } from './builtin/linkHealth.ts';
import { createJobRepo } from './repo.ts';
import { createScheduler } from './scheduler.ts';
import type { JobDefinition } from './types.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('scheduled jobs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ ownerGuard: testOwnerGuard });
  });
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, owner = true) =>
    t.server.inject({ method, url: `/api${url}`, payload, headers: owner ? asOwner : {} });

  it('lists the built-in jobs with their schedule and next run', async () => {
    const res = await call('GET', '/job');
    const jobs = res.json().data as { id: string; nextRunAt: number | null; enabled: boolean }[];
    expect(jobs.map((j) => j.id).sort()).toEqual([
      'backup',
      'cleanup',
      'federation-sweep',
      'image-variants',
      'import-batches',
      'link-health',
      'newsletter-send',
      'prune-revisions',
      'publish-reservations',
      'reply-notices',
      'snapshot',
      'webhook-deliveries',
      'webmention-send',
      'webmention-verify',
    ]);
    for (const job of jobs) {
      expect(job.enabled).toBe(true);
      expect(job.nextRunAt).toBeGreaterThan(t.clock.now - 60_000);
    }
  });

  it('runs a job fired by hand once and keeps its output and duration', async () => {
    const [id] = await insertEssays(t, [{ content: '到期了', reservation: t.clock.now + 1000 }]);
    t.clock.advance(1000);
    const fired = await call('POST', '/job/fire/publish-reservations');
    expect(fired.statusCode).toBe(200);
    await t.modules.scheduler.idle();
    const job = (
      (await call('GET', '/job')).json().data as {
        id: string;
        runs: { output: string; outcome: string; trigger: string; durationMs: number }[];
        running: boolean;
      }[]
    ).find((j) => j.id === 'publish-reservations');
    expect(job?.running).toBe(false);
    expect(job?.runs).toHaveLength(1);
    expect(job?.runs[0]).toMatchObject({ outcome: 'ok', trigger: 'manual', output: `发布了 #${id}` });
    expect(job?.runs[0]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('refuses a bad cron expression naming the field, and saves a good one', async () => {
    const bad = await call('PUT', '/job/update/cleanup', { cron: '61 * * * *' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].property).toBe('cron');
    const good = await call('PUT', '/job/update/cleanup', { cron: '0 5 * * *', enabled: false });
    expect(good.json().data).toMatchObject({ cron: '0 5 * * *', enabled: false, nextRunAt: null });
  });

  it('answers 4040 for an unknown job, 4000 for a malformed id and 4010 for a visitor', async () => {
    expect((await call('POST', '/job/fire/nope')).statusCode).toBe(404);
    expect((await call('POST', '/job/fire/Bad%20Id')).statusCode).toBe(400);
    expect((await call('GET', '/job', undefined, false)).json().code).toBe(ErrorCode.unauthorized);
    expect((await call('POST', '/job/fire/backup', undefined, false)).statusCode).toBe(401);
  });

  it('backs the database up into DATA_DIR/backups', async () => {
    await call('POST', '/job/fire/backup');
    await t.modules.scheduler.idle();
    const job = (
      (await call('GET', '/job')).json().data as { id: string; runs: { output: string; outcome: string }[] }[]
    ).find((j) => j.id === 'backup');
    expect(job?.runs[0]?.outcome).toBe('ok');
    expect(job?.runs[0]?.output).toMatch(/backups\/candy-\d{8}-\d{6}\.(sqlite|dump)$/);
  });

  it('cleans up expired handshakes and old login attempts', async () => {
    await call('PUT', '/job/update/cleanup', { enabled: true });
    await call('POST', '/job/fire/cleanup');
    await t.modules.scheduler.idle();
    const job = (
      (await call('GET', '/job')).json().data as { id: string; runs: { output: string }[] }[]
    ).find((j) => j.id === 'cleanup');
    expect(job?.runs[0]?.output).toMatch(/^已删除 握手：\d+/);
  });
});

describe('the scheduler across replicas', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const slowJob = (runs: { count: number }, ms: number, fail = false): JobDefinition => ({
    id: 'slow',
    name: 'slow',
    description: 'a job that takes a while',
    defaultCron: '0 0 1 1 *',
    catchUp: true,
    async run() {
      runs.count += 1;
      await sleep(ms);
      if (fail) throw new Error('boom: the job broke');
      return 'done';
    },
  });
  const scheduler = (db: TestApp['database']['db'], job: JobDefinition, notices: NotifyEvent[] = []) =>
    createScheduler({
      repo: createJobRepo(db),
      jobs: [job],
      notify: async (event) => {
        notices.push(event);
      },
      logger: t.server.log as never,
      now: () => Date.now(),
    });

  it('runs a job fired on two replicas at once only once; the second is told it is running (4090)', async () => {
    const runs = { count: 0 };
    const replica = await createReplica(t);
    const a = scheduler(t.database.db, slowJob(runs, 300));
    const b = scheduler(replica.database.db, slowJob(runs, 300));
    await a.init();
    const outcomes = await Promise.allSettled([a.fire('slow'), b.fire('slow')]);
    await Promise.all([a.idle(), b.idle()]);
    await replica.close();
    expect(runs.count).toBe(1);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const refused = outcomes.find((o) => o.status === 'rejected') as PromiseRejectedResult;
    expect(refused.reason.code).toBe(ErrorCode.conflict);
  });

  it('keeps a renewed lease from another replica, and takes a lease whose holder stopped renewing', async () => {
    // The lease, statement by statement (the scheduler renews every 30 s, too slow to wait for here).
    const replica = await createReplica(t);
    const mine = createJobRepo(t.database.db);
    const theirs = createJobRepo(replica.database.db);
    await mine.ensure('leased', '0 0 1 1 *', 0);
    const at = Date.now();
    expect(await mine.claim('leased', 'a', at, 1000, null)).toBe(true);
    await mine.renew('leased', 'a', at + 60_000);
    // Renewal by someone who does not hold the lease changes nothing.
    await theirs.renew('leased', 'b', at + 1);
    expect(await theirs.claim('leased', 'b', at + 5000, 1000, null)).toBe(false);
    expect((await theirs.find('leased'))?.lease_owner).toBe('a');
    // Past the renewed term (a holder that died), the other replica takes it.
    expect(await theirs.claim('leased', 'b', at + 61_000, 1000, null)).toBe(true);
    expect((await mine.find('leased'))?.lease_owner).toBe('b');
    await replica.close();
  });

  it('keeps a failure in the history with its error and tells the owner', async () => {
    const notices: NotifyEvent[] = [];
    const s = scheduler(t.database.db, { ...slowJob({ count: 0 }, 1, true), id: 'failing' }, notices);
    await s.init();
    await s.fire('failing');
    await s.idle();
    const [job] = await s.list();
    expect(job?.runs[0]).toMatchObject({ outcome: 'error', output: 'boom: the job broke' });
    expect(notices).toEqual([expect.objectContaining({ kind: 'job-failure', body: 'boom: the job broke' })]);
  });

  it('catches up once on start with a run missed while the server was down', async () => {
    const runs = { count: 0 };
    // Yearly (1 January, 00:00): no timer fires and no new slot comes due while the test runs, as one
    // could with an every-minute job when a minute turns over mid-test (CI once saw that).
    const job: JobDefinition = { ...slowJob(runs, 1), id: 'yearly', defaultCron: '0 0 1 1 *' };
    const s = scheduler(t.database.db, job);
    await s.init();
    // It last ran 400 days ago: at least one slot was missed.
    await t.database.db
      .updateTable('job')
      .set({ last_run_at: Date.now() - 400 * 86_400_000 })
      .where('id', '=', 'yearly')
      .execute();
    await s.start();
    await s.idle();
    s.stop();
    expect(runs.count).toBe(1);
    const again = scheduler(t.database.db, job);
    await again.start();
    await again.idle();
    again.stop();
    expect(runs.count).toBe(1);
  });
});

describe('friend-link health', () => {
  let t: TestApp;
  let server: http.Server;
  let up = true;
  let url = '';
  beforeAll(async () => {
    t = await createTestApp();
    server = http.createServer((req, res) => {
      if (!up) {
        res.writeHead(503).end();
        return;
      }
      // HEAD is refused, as some hosts do: the check must then try GET.
      res.writeHead(req.method === 'HEAD' ? 405 : 200).end('hello');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    await t.database.db
      .insertInto('link')
      .values([
        { name: '邻居', url, avatar: '', description: '', state: 1, sort_order: 1, created_at: 1 },
        {
          name: '单向',
          url: 'http://127.0.0.1:1/',
          avatar: '',
          description: '',
          state: 3,
          sort_order: 2,
          created_at: 1,
        },
      ])
      .execute();
  });
  afterAll(async () => {
    server.close();
    await t.close();
  });

  const stateOf = async (name: string) =>
    (
      (await t.server.inject({ method: 'GET', url: '/api/blog/link' })).json().data as {
        name: string;
        state: number;
      }[]
    ).find((l) => l.name === name)?.state;
  // The report is kept in the site's language: Chinese here.
  const check = async () =>
    sayIn(
      'zh-CN',
      await checkLinks(t.database.db, {
        now: () => t.clock.now,
        invalidate: () => t.publicCache.invalidate('link'),
      }),
    );

  it('marks a link lost after three failed runs, shows it in the footer data, and back when it answers', async () => {
    expect(await check()).toContain('邻居: 正常');
    up = false;
    await check();
    await check();
    expect(await stateOf('邻居')).toBe(1);
    expect(await check()).toContain('→ 状态 2');
    expect(await stateOf('邻居')).toBe(2);
    up = true;
    expect(await check()).toContain('→ 状态 1');
    expect(await stateOf('邻居')).toBe(1);
    expect(await stateOf('单向')).toBe(3);
  });
});
