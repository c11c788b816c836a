import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

export interface PendingClient {
  firstSeen: number;
  lastSeen: number;
  views: number;
  browser: string;
  os: string;
  platform: string;
  ipHash: string;
}

export interface PendingBatch {
  id: string;
  clients: Map<string, PendingClient>;
  /** `uuid \t hour \t path \t referrer` → views. */
  views: Map<string, number>;
}

const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export const createAnalyticsRepo = (db: Db) => ({
  /** Writes one batch in a transaction; a batch id already applied is skipped. */
  async apply(batch: PendingBatch, now: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const done = await trx
        .selectFrom('analytics_batch')
        .select('batch_id')
        .where('batch_id', '=', batch.id)
        .executeTakeFirst();
      if (done) return;
      // Multi-row upserts, 500 rows a statement: a batch's keys are unique, as both databases need.
      const clientRows = [...batch.clients].map(([uuid, c]) => ({
        uuid,
        first_seen: c.firstSeen,
        last_seen: c.lastSeen,
        views: c.views,
        browser: c.browser,
        os: c.os,
        platform: c.platform,
        ip_hash: c.ipHash,
        label: '',
        excluded: 0,
      }));
      for (const rows of chunks(clientRows, 500)) {
        await trx
          .insertInto('analytics_client')
          .values(rows)
          .onConflict((oc) =>
            oc.column('uuid').doUpdateSet({
              last_seen: (eb) => eb.ref('excluded.last_seen'),
              views: sql<number>`analytics_client.views + excluded.views`,
              browser: (eb) => eb.ref('excluded.browser'),
              os: (eb) => eb.ref('excluded.os'),
              platform: (eb) => eb.ref('excluded.platform'),
              ip_hash: (eb) => eb.ref('excluded.ip_hash'),
            }),
          )
          .execute();
      }
      const ids = new Map<string, number>();
      for (const uuids of chunks([...batch.clients.keys()], 500)) {
        for (const r of await trx
          .selectFrom('analytics_client')
          .select(['id', 'uuid'])
          .where('uuid', 'in', uuids)
          .execute())
          ids.set(r.uuid, r.id);
      }
      const viewRows = [];
      for (const [key, views] of batch.views) {
        const [uuid = '', hour = '0', path = '/', referrer = ''] = key.split('\t');
        const clientId = ids.get(uuid);
        if (clientId !== undefined)
          viewRows.push({ client_id: clientId, hour: Number(hour), path, referrer, views });
      }
      for (const rows of chunks(viewRows, 500)) {
        await trx
          .insertInto('analytics_view')
          .values(rows)
          .onConflict((oc) =>
            oc
              .columns(['client_id', 'hour', 'path', 'referrer'])
              .doUpdateSet({ views: sql<number>`analytics_view.views + excluded.views` }),
          )
          .execute();
      }
      await trx.insertInto('analytics_batch').values({ batch_id: batch.id, applied_at: now }).execute();
      // Applied ids only guard retries; a day's worth is plenty.
      await trx
        .deleteFrom('analytics_batch')
        .where('applied_at', '<', now - 86_400_000)
        .execute();
    });
  },

  async listClients(q: {
    from?: number;
    to?: number;
    sort: 'lastSeen' | 'views';
    page: number;
    size: number;
  }) {
    let base = db.selectFrom('analytics_client');
    if (q.from !== undefined) base = base.where('last_seen', '>=', q.from);
    if (q.to !== undefined) base = base.where('first_seen', '<=', q.to);
    const total = Number(
      (await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst())?.n ?? 0,
    );
    const rows = await base
      .selectAll()
      .orderBy(q.sort === 'views' ? 'views' : 'last_seen', 'desc')
      .orderBy('id', 'desc')
      .limit(q.size)
      .offset((q.page - 1) * q.size)
      .execute();
    return { rows, total };
  },

  /** Views per client, path and referrer for the given clients. */
  viewsOf(clientIds: number[]) {
    if (clientIds.length === 0) return Promise.resolve([]);
    return db
      .selectFrom('analytics_view')
      .select(['client_id', 'path', 'referrer', (eb) => eb.fn.sum<number>('views').as('views')])
      .where('client_id', 'in', clientIds)
      .groupBy(['client_id', 'path', 'referrer'])
      .execute();
  },

  client(id: number) {
    return db.selectFrom('analytics_client').selectAll().where('id', '=', id).executeTakeFirst();
  },

  async updateClient(id: number, patch: { label?: string; excluded?: boolean }) {
    const set: { label?: string; excluded?: number } = {};
    if (patch.label !== undefined) set.label = patch.label;
    if (patch.excluded !== undefined) set.excluded = patch.excluded ? 1 : 0;
    const res = await db.updateTable('analytics_client').set(set).where('id', '=', id).executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  },

  /** Every view row since `since` of clients not excluded, with the client's device. */
  viewsSince(since: number) {
    return db
      .selectFrom('analytics_view as v')
      .innerJoin('analytics_client as c', 'c.id', 'v.client_id')
      .select(['v.client_id', 'v.hour', 'v.path', 'v.referrer', 'v.views', 'c.browser', 'c.os', 'c.platform'])
      .where('c.excluded', '=', 0)
      .where('v.hour', '>=', since)
      .execute();
  },
});

export type AnalyticsRepo = ReturnType<typeof createAnalyticsRepo>;
