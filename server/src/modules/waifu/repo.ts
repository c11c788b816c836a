import type { Db } from '../../db/index.ts';

export const createWaifuRepo = (db: Db) => ({
  /** Newest first. */
  all: () =>
    db.selectFrom('waifu').select(['id', 'url', 'width', 'height', 'title']).orderBy('id', 'desc').execute(),
});

export type WaifuRepo = ReturnType<typeof createWaifuRepo>;
