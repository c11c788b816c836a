import type { Kysely } from 'kysely';

/**
 * Issue 40.4: what each login attempt tried (`password`, `totp` or `passkey`). The limiter counts a
 * passkey's failures apart from the others (a passkey cannot be guessed, so a password guesser on the
 * same address does not hold it back), and the sessions page shows the failures by method. Attempts
 * made before this column existed were password logins or checks as far as anyone can tell.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .alterTable('login_attempt')
    .addColumn('method', 'varchar(16)', (c) => c.notNull().defaultTo('password'))
    .execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.alterTable('login_attempt').dropColumn('method').execute();
};
