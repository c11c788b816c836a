import type { KvKey, KvStore, KvStoreSetOptions } from '@fedify/fedify';
import type { Db } from '../../db/index.ts';

const keyOf = (key: KvKey): string => key.join('\u001f');

/**
 * Fedify's KvStore over our own database (SQLite or PostgreSQL alike), shared by every replica:
 * remote documents and keys cached, activity ids already handled (so a redelivered activity is
 * handled once). An expired entry reads as absent and is swept by `sweep`.
 */
export const createKvStore = (db: Db, now: () => number) => {
  const store: KvStore & { sweep(): Promise<number> } = {
    async get<T = unknown>(key: KvKey): Promise<T | undefined> {
      const row = await db
        .selectFrom('federation_kv')
        .select(['value', 'expires_at'])
        .where('key', '=', keyOf(key))
        .executeTakeFirst();
      if (!row || (row.expires_at !== null && Number(row.expires_at) <= now())) return undefined;
      return JSON.parse(row.value) as T;
    },

    async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
      const ttl = options?.ttl ? options.ttl.total('millisecond') : null;
      const row = {
        key: keyOf(key),
        value: JSON.stringify(value ?? null),
        expires_at: ttl === null ? null : now() + ttl,
      };
      await db
        .insertInto('federation_kv')
        .values(row)
        .onConflict((oc) => oc.column('key').doUpdateSet({ value: row.value, expires_at: row.expires_at }))
        .execute();
    },

    async delete(key: KvKey): Promise<void> {
      await db.deleteFrom('federation_kv').where('key', '=', keyOf(key)).execute();
    },

    async sweep(): Promise<number> {
      const result = await db.deleteFrom('federation_kv').where('expires_at', '<=', now()).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
  return store;
};
