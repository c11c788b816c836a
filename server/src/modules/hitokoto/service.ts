import { type Hitokoto, type HitokotoQuery, hitokotoMaxLength } from '@candy/contract/calls/hitokoto';
import type { Selectable } from 'kysely';
import type { HitokotoTable } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { REFRESH_AHEAD } from '../../http/publicCache.ts';
import { said } from '../../i18n/said.ts';
import type { HitokotoRepo } from './repo.ts';

export const presentHitokoto = (row: Selectable<HitokotoTable>): Hitokoto => ({
  id: row.id,
  hitokoto: row.hitokoto,
  type: row.type,
  from: row.source,
  fromWho: row.source_who,
  length: row.length,
});

/** `mobile` wins over `pc`: a phone shows the shorter line. Neither flag: any length. */
export const maxLengthFor = ({ pc, mobile }: Pick<HitokotoQuery, 'pc' | 'mobile'>): number | null =>
  mobile ? hitokotoMaxLength.mobile : pc ? hitokotoMaxLength.pc : null;

export interface HitokotoDeps {
  repo: HitokotoRepo;
  /** In [0, 1); tests may pin it. */
  random?: () => number;
  now?: () => number;
  /** Changes whenever a writer announced a change of the table (publicCache.generation('hitokoto')). */
  generation?: () => number;
  /** Re-read at least this often, for writes no one announced here (the CLI import, another replica). */
  reloadEveryMs?: number;
  /**
   * Share of `reloadEveryMs` after which a draw from memory starts the re-read in the background
   * (refresh-ahead), so steady readers never meet a stale copy. 1 turns it off.
   */
  refreshAhead?: number;
}

/**
 * Quotes are served from memory (issue 16): the table is read once, sorted along (length, id), and
 * read again after an announced write or after `reloadEveryMs`. A draw is a binary search and a
 * random index, never a query.
 */
export const createHitokotoService = ({
  repo,
  random = Math.random,
  now = Date.now,
  generation = () => 0,
  reloadEveryMs = 30_000,
  refreshAhead = REFRESH_AHEAD,
}: HitokotoDeps) => {
  let loaded: { rows: Hitokoto[]; at: number; generation: number; refreshing?: boolean } | null = null;
  let loading: Promise<Hitokoto[]> | null = null;

  /** The rows in memory while they are current, else null (a read must go to the table first). */
  const current = (): Hitokoto[] | null =>
    loaded && loaded.generation === generation() && now() - loaded.at < reloadEveryMs ? loaded.rows : null;

  const reload = (): Promise<Hitokoto[]> => {
    const at = now();
    const gen = generation();
    if (loading) return loading;
    loading = repo
      .all()
      .then((all) => {
        const rows = all.map(presentHitokoto).sort((a, b) => a.length - b.length || a.id - b.id);
        loaded = { rows, at, generation: gen };
        return rows;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };

  const load = async (): Promise<Hitokoto[]> => current() ?? reload();

  /** How many rows (a prefix of the sorted list) are at most `maxLength` long. */
  const fitting = (rows: Hitokoto[], maxLength: number | null): number => {
    if (maxLength === null) return rows.length;
    let lo = 0;
    let hi = rows.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((rows[mid] as Hitokoto).length <= maxLength) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };

  /** One of the first `count` items of `list` (all of them by default). */
  const pick = <T>(list: readonly T[], count = list.length): T =>
    list[Math.min(count - 1, Math.floor(random() * count))] as T;

  /**
   * A random quote within the device's length, not among `exclude`. When the client has seen every
   * one, the exclusion is dropped (the client starts a new round); when none is short enough, any
   * length will do. Uniform over the fitting quotes, by position along (length, id).
   */
  const draw = (rows: Hitokoto[], query: HitokotoQuery): Hitokoto => {
    const count = fitting(rows, maxLengthFor(query));
    if (count === 0) return pick(rows);
    if (query.exclude.length > 0) {
      const excluded = new Set(query.exclude);
      const left = rows.slice(0, count).filter((row) => !excluded.has(row.id));
      if (left.length > 0) return pick(left);
    }
    return pick(rows, count);
  };

  return {
    async random(query: HitokotoQuery): Promise<Hitokoto> {
      const rows = await load();
      if (rows.length === 0) throw notFound(said('error.hitokoto.empty'));
      return draw(rows, query);
    },

    /**
     * The same draw without waiting: null when the quotes in memory are not current (or there are
     * none), so the caller takes the ordinary path, which reads the table.
     */
    drawNow(query: HitokotoQuery): Hitokoto | null {
      const rows = current();
      if (!rows || rows.length === 0) return null;
      // Read again before the copy goes stale (issue 39): a stale copy sent one read through Fastify
      // every 30 s, and each such read cost Node's socket path its optimised code. Tried once per
      // copy: a failing table is left to the ordinary path when the copy runs out, which reports it.
      if (loaded && !loaded.refreshing && now() - loaded.at >= reloadEveryMs * refreshAhead) {
        loaded.refreshing = true;
        reload().catch(() => undefined);
      }
      return draw(rows, query);
    },

    /** Every quote, for the offline snapshot (`blog/hitokoto/data`), where the client picks at random. */
    listForSnapshot: async (): Promise<Hitokoto[]> => (await repo.all()).map(presentHitokoto),
  };
};

export type HitokotoService = ReturnType<typeof createHitokotoService>;
