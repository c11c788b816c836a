import type { Db } from '../../db/index.ts';

export const createLinkRepo = (db: Db) => ({
  /** In the owner's order. */
  all: () => db.selectFrom('link').selectAll().orderBy('sort_order').orderBy('id').execute(),
});

export type LinkRepo = ReturnType<typeof createLinkRepo>;
