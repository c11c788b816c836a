import { randomBytes } from 'node:crypto';
import os from 'node:os';
import type { Job } from '@candy/contract/calls/jobs';
import type { Language } from '@candy/contract/languages';
import { sourceLanguage } from '@candy/contract/languages';
import { Cron } from 'croner';
import type { Logger } from 'pino';
import { conflict, invalidField, notFound } from '../http/errors.ts';
import { messageOf, said, sayIn } from '../i18n/said.ts';
import type { Notify } from '../notify.ts';
import { type CronTimer, startCronTimer } from './cronTimer.ts';
import type { JobRepo, JobRow } from './repo.ts';
import type { JobDefinition } from './types.ts';

type JobTrigger = Job['runs'][number]['trigger'];
const jobTriggers: readonly JobTrigger[] = ['schedule', 'catch-up', 'manual', 'start', 'change'];

/** A run holds its lease this long and renews it halfway; a dead holder's lease runs out. */
const LEASE_MS = 60_000;
const OUTPUT_MAX = 2000;

/** A cron expression croner accepts (5 or 6 fields), or a 4000 naming the field. */
export const parseCron = (expression: string): Cron => {
  try {
    return new Cron(expression, { paused: true });
  } catch (error) {
    throw invalidField(
      'cron',
      'cron',
      said('error.jobs.badCron', { reason: error instanceof Error ? error.message : String(error) }),
    );
  }
};

export interface SchedulerDeps {
  repo: JobRepo;
  jobs: JobDefinition[];
  notify: Notify;
  logger: Logger;
  now: () => number;
  /** The site's language (SITE_LANGUAGE): the runs' reports and failure notices are kept in it. */
  language?: Language;
}

/**
 * The scheduler (issue 12): croner decides when each enabled job is due; a lease row in the
 * database decides which replica runs it, so every slot runs once however many replicas there are,
 * and a manual run while one is going is refused (4090). Failures are kept in the history, logged
 * and sent to the owner.
 */
export const createScheduler = ({
  repo,
  jobs,
  notify,
  logger,
  now,
  language = sourceLanguage,
}: SchedulerDeps) => {
  const replica = `${os.hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  const byId = new Map(jobs.map((j) => [j.id, j]));
  const timers = new Map<string, CronTimer>();
  const running = new Set<Promise<void>>();

  const definition = (id: string) => {
    const job = byId.get(id);
    if (!job) throw notFound(said('error.jobs.notFound'));
    return job;
  };

  const execute = async (job: JobDefinition, trigger: JobTrigger) => {
    const started = now();
    const keepAlive = setInterval(() => void repo.renew(job.id, replica, now() + LEASE_MS), LEASE_MS / 2);
    keepAlive.unref();
    let outcome: 'ok' | 'error' = 'ok';
    let output = '';
    try {
      output = sayIn(language, await job.run());
    } catch (error) {
      outcome = 'error';
      output = sayIn(language, messageOf(error));
      logger.error({ err: error, job: job.id }, 'job failed');
      await notify({
        kind: 'job-failure',
        title: said('jobs.failed', { name: job.name }),
        body: output.slice(0, 500),
        url: '/great-old-one/cron',
        level: 'error',
      });
    } finally {
      clearInterval(keepAlive);
      await repo.addRun({
        job_id: job.id,
        started_at: started,
        duration_ms: Math.max(0, now() - started),
        outcome,
        output: output.slice(0, OUTPUT_MAX),
        trigger,
      });
      await repo.release(job.id, replica, started);
    }
  };

  /** Counts a promise as this replica's work until it settles (what `idle` waits for). */
  const track = <T>(work: Promise<T>): Promise<T> => {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    running.add(settled);
    void settled.finally(() => running.delete(settled));
    return work;
  };

  /**
   * Runs one job if this replica wins its lease (for a slot: if nobody ran that slot yet). The
   * claim counts as work too: `idle` called while a claim is on its way to the database must wait
   * for the run it may start (a data change's run, then a test's `runNow` that loses the lease).
   */
  const attempt = (job: JobDefinition, trigger: JobTrigger, slot: number | null) =>
    track(
      (async () => {
        if (!(await repo.claim(job.id, replica, now(), LEASE_MS, slot))) return false;
        void track(
          execute(job, trigger).catch((error: unknown) =>
            logger.error({ err: error, job: job.id }, 'job bookkeeping failed'),
          ),
        );
        return true;
      })(),
    );

  /** A job as the jobs page shows it; its name and description in `shown` (the caller's language). */
  const present = async (row: JobRow, shown: Language): Promise<Job> => {
    const job = definition(row.id);
    const cron = parseCron(row.cron);
    const next = row.enabled === 1 ? cron.nextRun(new Date(now())) : null;
    return {
      id: row.id,
      name: sayIn(shown, job.name),
      description: sayIn(shown, job.description),
      cron: row.cron,
      enabled: row.enabled === 1,
      running: row.lease_until !== null && Number(row.lease_until) >= now(),
      lastRunAt: row.last_run_at === null ? null : Number(row.last_run_at),
      nextRunAt: next ? next.getTime() : null,
      runs: (await repo.runsOf(row.id)).map((r) => ({
        id: r.id,
        startedAt: Number(r.started_at),
        durationMs: Number(r.duration_ms),
        outcome: r.outcome === 'error' ? 'error' : 'ok',
        output: r.output,
        trigger: jobTriggers.find((known) => known === r.trigger) ?? 'schedule',
      })),
    };
  };

  const rowOf = async (id: string) => {
    definition(id);
    const row = await repo.find(id);
    if (!row) throw notFound(said('error.jobs.notFound'));
    return row;
  };

  const arm = (row: JobRow) => {
    timers.get(row.id)?.stop();
    timers.delete(row.id);
    const job = byId.get(row.id);
    if (!job || row.enabled !== 1) return;
    timers.set(
      row.id,
      startCronTimer(row.cron, (slot) => void attempt(job, 'schedule', slot)),
    );
  };

  return {
    /** Makes sure every job has its row (for listing and firing; tests need no timers). */
    async init(): Promise<void> {
      for (const job of jobs) await repo.ensure(job.id, job.defaultCron, now());
    },

    /** Arms the timers and catches up, once, on jobs whose scheduled run was missed. */
    async start(): Promise<void> {
      await this.init();
      for (const row of await repo.all()) {
        const job = byId.get(row.id);
        if (!job) continue;
        arm(row);
        if (job.catchUp && row.enabled === 1) {
          const since = row.last_run_at === null ? null : Number(row.last_run_at);
          const missed = since === null ? null : parseCron(row.cron).nextRun(new Date(since));
          if (missed && missed.getTime() <= now()) await attempt(job, 'catch-up', missed.getTime());
        }
      }
    },

    stop(): void {
      for (const timer of timers.values()) timer.stop();
      timers.clear();
    },

    /** Waits for runs this replica started (tests, shutdown). */
    idle: async (): Promise<void> => {
      // Work may start more work (a claim its run): wait until none is left.
      while (running.size > 0) await Promise.all([...running]);
    },

    /** In the order the jobs are defined (the page lists them so). */
    list: async (shown: Language = language): Promise<Job[]> => {
      const rows = new Map((await repo.all()).map((r) => [r.id, r]));
      return Promise.all(
        jobs.flatMap((job) => {
          const row = rows.get(job.id);
          return row ? [present(row, shown)] : [];
        }),
      );
    },

    async fire(id: string, shown: Language = language): Promise<Job> {
      const job = definition(id);
      await rowOf(id);
      if (!(await attempt(job, 'manual', null))) throw conflict(said('error.jobs.running'));
      return present(await rowOf(id), shown);
    },

    /**
     * Runs a job now for a reason other than its schedule (the server started, data changed), if
     * no replica is running it: answers whether this replica took the run.
     */
    runNow(id: string, trigger: 'start' | 'change'): Promise<boolean> {
      const job = definition(id);
      return track(this.init().then(() => attempt(job, trigger, null)));
    },

    async update(
      id: string,
      patch: { cron?: string; enabled?: boolean },
      shown: Language = language,
    ): Promise<Job> {
      await rowOf(id);
      if (patch.cron !== undefined) parseCron(patch.cron);
      const row = await repo.update(
        id,
        {
          ...(patch.cron !== undefined ? { cron: patch.cron } : {}),
          ...(patch.enabled !== undefined ? { enabled: patch.enabled ? 1 : 0 } : {}),
        },
        now(),
      );
      if (!row) throw notFound(said('error.jobs.notFound'));
      if (timers.size > 0) arm(row);
      return present(row, shown);
    },
  };
};

export type Scheduler = ReturnType<typeof createScheduler>;
