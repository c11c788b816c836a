import { sql } from 'kysely';
import type { Db } from '../../db/index.ts';

export interface PendingClient {
  firstSeen: number;
  lastSeen: number;
  browser: string;
  os: string;
  platform: string;
  ipHash: string;
}

/** One page view a replica answered; whether it counts is decided when its batch is applied. */
export interface PendingView {
  uuid: string;
  at: number;
  path: string;
  referrer: string;
}

export interface PendingBatch {
  id: string;
  clients: Map<string, PendingClient>;
  views: PendingView[];
}

/** The same client on the same page within this window is one view (a page makes several calls). */
export const viewWindowMs = 30 * 60_000;
const HOUR = 3_600_000;

const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

const seenKey = (clientId: number, path: string) => `${clientId}\t${path}`;

/**
 * Which of a batch's views count: one a client and page per view window, against the views already
 * counted (`seen`, from every replica) and the batch's own earlier ones. Updates `seen` in place and
 * answers the keys it changed. Decided per page rather than "same page as the last one" so that the
 * order the replicas' batches arrive in does not change the count.
 */
export const countedViews = (views: { clientId: number; view: PendingView }[], seen: Map<string, number>) => {
  const counted: { clientId: number; view: PendingView }[] = [];
  const changed = new Map<string, { client_id: number; path: string }>();
  for (const item of [...views].sort((a, b) => a.view.at - b.view.at)) {
    const key = seenKey(item.clientId, item.view.path);
    const last = seen.get(key);
    if (last !== undefined && Math.abs(item.view.at - last) < viewWindowMs) continue;
    counted.push(item);
    seen.set(key, Math.max(last ?? 0, item.view.at));
    changed.set(key, { client_id: item.clientId, path: item.view.path });
  }
  return { counted, changed };
};

export const createAnalyticsRepo = (db: Db) => ({
  /**
   * Writes one batch in a transaction; a batch id already applied is skipped. On PostgreSQL the
   * clients' upsert locks their rows first (in uuid order, so two replicas never deadlock), so two
   * replicas applying views of the same client take turns and the second sees what the first counted.
   */
  async apply(batch: PendingBatch, now: number): Promise<void> {
    await db.transaction().execute(async (trx) => {
      const done = await trx
        .selectFrom('analytics_batch')
        .select('batch_id')
        .where('batch_id', '=', batch.id)
        .executeTakeFirst();
      if (done) return;
      const clientRow = (uuid: string, c: PendingClient, views: number) => ({
        uuid,
        first_seen: c.firstSeen,
        last_seen: c.lastSeen,
        views,
        browser: c.browser,
        os: c.os,
        platform: c.platform,
        ip_hash: c.ipHash,
        label: '',
        excluded: 0,
      });
      // Multi-row upserts, 500 rows a statement: a batch's keys are unique, as both databases need.
      const upsertClients = async (rows: ReturnType<typeof clientRow>[]) => {
        for (const part of chunks(rows, 500)) {
          await trx
            .insertInto('analytics_client')
            .values(part)
            .onConflict((oc) =>
              oc.column('uuid').doUpdateSet({
                // Replicas' batches arrive in any order: the latest time wins, not the last batch.
                last_seen: sql<number>`CASE WHEN excluded.last_seen > analytics_client.last_seen THEN excluded.last_seen ELSE analytics_client.last_seen END`,
                views: sql<number>`analytics_client.views + excluded.views`,
                browser: (eb) => eb.ref('excluded.browser'),
                os: (eb) => eb.ref('excluded.os'),
                platform: (eb) => eb.ref('excluded.platform'),
                ip_hash: (eb) => eb.ref('excluded.ip_hash'),
              }),
            )
            .execute();
        }
      };
      const clients = [...batch.clients].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      await upsertClients(clients.map(([uuid, c]) => clientRow(uuid, c, 0)));
      const ids = new Map<string, number>();
      for (const uuids of chunks(
        clients.map(([uuid]) => uuid),
        500,
      )) {
        for (const r of await trx
          .selectFrom('analytics_client')
          .select(['id', 'uuid'])
          .where('uuid', 'in', uuids)
          .execute())
          ids.set(r.uuid, r.id);
      }
      const seen = new Map<string, number>();
      for (const part of chunks([...ids.values()], 500)) {
        for (const r of await trx
          .selectFrom('analytics_seen')
          .select(['client_id', 'path', 'at'])
          .where('client_id', 'in', part)
          .execute())
          seen.set(seenKey(r.client_id, r.path), Number(r.at));
      }
      const { counted, changed } = countedViews(
        batch.views.flatMap((view) => {
          const clientId = ids.get(view.uuid);
          return clientId === undefined ? [] : [{ clientId, view }];
        }),
        seen,
      );
      const perRow = new Map<
        string,
        { client_id: number; hour: number; path: string; referrer: string; views: number }
      >();
      const perClient = new Map<string, number>();
      for (const { clientId, view } of counted) {
        const hour = Math.floor(view.at / HOUR) * HOUR;
        const key = JSON.stringify([clientId, hour, view.path, view.referrer]);
        const row = perRow.get(key) ?? {
          client_id: clientId,
          hour,
          path: view.path,
          referrer: view.referrer,
          views: 0,
        };
        row.views += 1;
        perRow.set(key, row);
        perClient.set(view.uuid, (perClient.get(view.uuid) ?? 0) + 1);
      }
      for (const rows of chunks([...perRow.values()], 500)) {
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
      await upsertClients(
        clients.flatMap(([uuid, c]) => {
          const n = perClient.get(uuid);
          return n ? [clientRow(uuid, c, n)] : [];
        }),
      );
      const seenRows = [...changed].map(([key, row]) => ({ ...row, at: seen.get(key) ?? 0 }));
      for (const rows of chunks(seenRows, 500)) {
        await trx
          .insertInto('analytics_seen')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['client_id', 'path']).doUpdateSet({ at: (eb) => eb.ref('excluded.at') }),
          )
          .execute();
      }
      await trx.insertInto('analytics_batch').values({ batch_id: batch.id, applied_at: now }).execute();
      // Applied ids only guard retries; a day's worth is plenty. Seen marks matter within the window.
      await trx
        .deleteFrom('analytics_batch')
        .where('applied_at', '<', now - 86_400_000)
        .execute();
      await trx
        .deleteFrom('analytics_seen')
        .where('at', '<', now - 2 * viewWindowMs)
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
