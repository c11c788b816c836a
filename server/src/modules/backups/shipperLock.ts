import type pg from 'pg';
import type { Config } from '../../config.ts';
import { requirePg } from '../../lazyModules.ts';

/** The advisory lock's key: any fixed number no other part of the app uses ("candy ship"). */
const LOCK_KEY = 0x5ca1ab1e;

/**
 * One shipper per database: several replicas on one PostgreSQL each start one, and the one that
 * holds this session-level advisory lock ships (it goes with its connection: a killed replica's
 * lock is free at once). SQLite has one server, so the lock is always held.
 */
export const shipperLock = (database: Config['database']) => {
  let client: pg.Client | null = null;
  return {
    /** Whether this process may ship now (takes the lock when it is free). */
    async held(): Promise<boolean> {
      if (database.kind === 'sqlite') return true;
      try {
        if (!client) {
          const fresh = new (requirePg().Client)({ connectionString: database.url });
          // A lost connection loses the lock: the next call connects and tries again.
          fresh.on('error', () => {
            client = null;
          });
          await fresh.connect();
          const { rows } = await fresh.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [
            LOCK_KEY,
          ]);
          if (!rows[0]?.ok) {
            await fresh.end();
            return false;
          }
          client = fresh;
        }
        return true;
      } catch {
        client = null;
        return false;
      }
    },
    async release(): Promise<void> {
      await client?.end().catch(() => {});
      client = null;
    },
  };
};
