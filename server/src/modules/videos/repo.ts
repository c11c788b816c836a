import type { Insertable, Selectable, Updateable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { VideoCollectionTable, VideoMaterialTable } from '../../db/schemaVideos.ts';

export type MaterialRow = Selectable<VideoMaterialTable>;
export type CollectionRow = Selectable<VideoCollectionTable>;

export const createVideoRepo = (db: Db) => ({
  materials: {
    find: (id: number) => db.selectFrom('video_material').selectAll().where('id', '=', id).executeTakeFirst(),
    all: () => db.selectFrom('video_material').selectAll().orderBy('id', 'desc').execute(),
    byIds: (ids: number[]) =>
      ids.length === 0
        ? Promise.resolve([] as MaterialRow[])
        : db.selectFrom('video_material').selectAll().where('id', 'in', ids).execute(),
    published: () =>
      db
        .selectFrom('video_material')
        .selectAll()
        .where('published_at', 'is not', null)
        .where('media_key', 'is not', null)
        .orderBy('id')
        .execute(),
    async insert(row: Insertable<VideoMaterialTable>): Promise<number> {
      const { id } = await db
        .insertInto('video_material')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    update: (id: number, changes: Updateable<VideoMaterialTable>) =>
      db.updateTable('video_material').set(changes).where('id', '=', id).execute(),
    remove: (id: number) => db.deleteFrom('video_material').where('id', '=', id).execute(),

    /** Takes the oldest waiting clip (or one whose worker's lease ran out); null when none. */
    async claim(now: number, leaseMs: number): Promise<MaterialRow | null> {
      for (let tries = 0; tries < 5; tries += 1) {
        const next = await db
          .selectFrom('video_material')
          .selectAll()
          .where((eb) =>
            eb.or([
              eb('state', '=', 'draft'),
              eb.and([eb('state', '=', 'processing'), eb('lease_until', '<', now)]),
            ]),
          )
          .orderBy('queued_at')
          .orderBy('id')
          .limit(1)
          .executeTakeFirst();
        if (!next) return null;
        // Another worker (or replica) may take it first: the update then matches no row.
        const taken = await db
          .updateTable('video_material')
          .set({ state: 'processing', lease_until: now + leaseMs, progress: 0, error: null })
          .where('id', '=', next.id)
          .where('job_rev', '=', next.job_rev)
          .where('state', '=', next.state)
          .where((eb) =>
            next.lease_until === null
              ? eb('lease_until', 'is', null)
              : eb('lease_until', '=', next.lease_until),
          )
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) === 1) {
          return { ...next, state: 'processing', lease_until: now + leaseMs, progress: 0, error: null };
        }
      }
      return null;
    },
    /** Progress and a longer lease for the worker holding `rev`; false when the job went stale. */
    async heartbeat(id: number, rev: number, progress: number, leaseUntil: number): Promise<boolean> {
      const result = await db
        .updateTable('video_material')
        .set({ progress, lease_until: leaseUntil })
        .where('id', '=', id)
        .where('job_rev', '=', rev)
        .where('state', '=', 'processing')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
    /** Stores a worker's result unless the clip changed meanwhile; answers whether it did. */
    async finish(id: number, rev: number, changes: Updateable<VideoMaterialTable>): Promise<boolean> {
      const result = await db
        .updateTable('video_material')
        .set(changes)
        .where('id', '=', id)
        .where('job_rev', '=', rev)
        .where('state', '=', 'processing')
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  },
  collections: {
    find: (id: number) =>
      db.selectFrom('video_collection').selectAll().where('id', '=', id).executeTakeFirst(),
    all: () => db.selectFrom('video_collection').selectAll().orderBy('id', 'desc').execute(),
    async insert(row: Insertable<VideoCollectionTable>): Promise<number> {
      const { id } = await db
        .insertInto('video_collection')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },
    update: (id: number, changes: Updateable<VideoCollectionTable>) =>
      db.updateTable('video_collection').set(changes).where('id', '=', id).execute(),
    remove: (id: number) => db.deleteFrom('video_collection').where('id', '=', id).execute(),
  },
  probes: {
    find: (path: string) =>
      db.selectFrom('video_probe').selectAll().where('path', '=', path).executeTakeFirst(),
    async save(row: { path: string; mtime_ms: number; size: number; info: string }) {
      await db
        .insertInto('video_probe')
        .values(row)
        .onConflict((oc) =>
          oc.column('path').doUpdateSet({ mtime_ms: row.mtime_ms, size: row.size, info: row.info }),
        )
        .execute();
    },
  },
});

export type VideoRepo = ReturnType<typeof createVideoRepo>;
