import type { Kysely } from 'kysely';

/** Full-text search and content indexes (issue 4). Not built yet: changes nothing. */
export const up = async (_db: Kysely<unknown>): Promise<void> => {};

export const down = async (_db: Kysely<unknown>): Promise<void> => {};
