import type { Selectable } from 'kysely';
import type { Db } from '../db/index.ts';
import type { JobRunTable, JobTable } from '../db/schema.ts';

export type JobRow = Selectable<JobTable>;
export type JobRunRow = Selectable<JobRunTable>;

/** History kept per job. */
export const RUNS_KEPT = 50;

export const createJobRepo = (db: Db) => ({
  all: () => db.selectFrom('job').selectAll().orderBy('id').execute(),
  find: (id: string) => db.selectFrom('job').selectAll().where('id', '=', id).executeTakeFirst(),

  /** Creates the row of a job seen for the first time; an existing row keeps the owner's settings. */
  async ensure(id: string, cron: string, at: number): Promise<void> {
    await db
      .insertInto('job')
      .values({ id, cron, enabled: 1, updated_at: at })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  },

  update: (id: string, patch: { cron?: string; enabled?: number }, at: number) =>
    db
      .updateTable('job')
      .set({ ...patch, updated_at: at })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst(),

  /**
   * Takes the job's lease for a run: only when nobody holds a live one and (for a scheduled slot)
   * nobody has run that slot yet. Exactly one replica's update changes the row.
   */
  async claim(id: string, owner: string, at: number, leaseMs: number, slot: number | null): Promise<boolean> {
    let query = db
      .updateTable('job')
      .set({ lease_owner: owner, lease_until: at + leaseMs, ...(slot !== null ? { last_slot: slot } : {}) })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at)]));
    if (slot !== null)
      query = query.where((eb) => eb.or([eb('last_slot', 'is', null), eb('last_slot', '<', slot)]));
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Keeps a long run's lease alive. */
  async renew(id: string, owner: string, until: number): Promise<void> {
    await db
      .updateTable('job')
      .set({ lease_until: until })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  },

  async release(id: string, owner: string, lastRunAt: number): Promise<void> {
    await db
      .updateTable('job')
      .set({ lease_owner: null, lease_until: null, last_run_at: lastRunAt })
      .where('id', '=', id)
      .where('lease_owner', '=', owner)
      .execute();
  },

  async addRun(run: Omit<JobRunRow, 'id'>): Promise<void> {
    await db.insertInto('job_run').values(run).execute();
    const keep = await db
      .selectFrom('job_run')
      .select('id')
      .where('job_id', '=', run.job_id)
      .orderBy('id', 'desc')
      .offset(RUNS_KEPT - 1)
      .limit(1)
      .executeTakeFirst();
    if (keep)
      await db.deleteFrom('job_run').where('job_id', '=', run.job_id).where('id', '<', keep.id).execute();
  },

  runsOf: (id: string) =>
    db
      .selectFrom('job_run')
      .selectAll()
      .where('job_id', '=', id)
      .orderBy('id', 'desc')
      .limit(RUNS_KEPT)
      .execute(),
});

export type JobRepo = ReturnType<typeof createJobRepo>;
