import type { Kysely } from 'kysely';

/** Owner account, access keys, login attempts, audit log (issue 5). Not built yet: changes nothing. */
export const up = async (_db: Kysely<unknown>): Promise<void> => {};

export const down = async (_db: Kysely<unknown>): Promise<void> => {};
