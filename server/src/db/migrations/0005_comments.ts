import type { Kysely } from 'kysely';

/** Comment anti-spam and emotes (issue 4). Not built yet: changes nothing. */
export const up = async (_db: Kysely<unknown>): Promise<void> => {};

export const down = async (_db: Kysely<unknown>): Promise<void> => {};
