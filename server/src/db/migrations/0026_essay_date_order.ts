import type { Kysely } from 'kysely';

/**
 * Essay lists go by date, then id (issue 27: imported essays keep their old dates and list among the
 * owner's by them). The index serves that order and the cursor's "older than" on both databases.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.createIndex('essay_date_order').on('essay').columns(['created_at', 'id']).execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropIndex('essay_date_order').execute();
};
