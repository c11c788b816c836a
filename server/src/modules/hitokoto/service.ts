import { type Hitokoto, type HitokotoQuery, hitokotoMaxLength } from '@candy/contract/calls/hitokoto';
import type { Selectable } from 'kysely';
import type { HitokotoTable } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import type { HitokotoRepo, QuoteFilter } from './repo.ts';

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
}

export const createHitokotoService = ({ repo, random = Math.random }: HitokotoDeps) => ({
  /**
   * A random quote within the device's length, not among `exclude`. When the client has seen every
   * one, the exclusion is dropped (the client starts a new round); when none is short enough, any
   * length will do. Picks by count and offset on the (length, id) index, never ORDER BY RANDOM().
   */
  async random(query: HitokotoQuery): Promise<Hitokoto> {
    const maxLength = maxLengthFor(query);
    const attempts: QuoteFilter[] = [
      { maxLength, exclude: query.exclude },
      { maxLength, exclude: [] },
      { maxLength: null, exclude: [] },
    ];
    for (const filter of attempts) {
      const count = await repo.count(filter);
      if (count === 0) continue;
      const id = await repo.idAt(filter, Math.min(count - 1, Math.floor(random() * count)));
      const row = id === undefined ? undefined : await repo.find(id);
      // A row deleted between count and pick: try the next, looser filter.
      if (row) return presentHitokoto(row);
    }
    throw notFound('还没有一言');
  },

  /** Every quote, for the offline snapshot (`blog/hitokoto/data`), where the client picks at random. */
  listForSnapshot: async (): Promise<Hitokoto[]> => (await repo.all()).map(presentHitokoto),
});

export type HitokotoService = ReturnType<typeof createHitokotoService>;
