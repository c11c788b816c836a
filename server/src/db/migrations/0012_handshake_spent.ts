import type { Kysely } from 'kysely';

/**
 * Issue 16: the knock hands out a shared, rotated key pair, so a sealed secret could be replayed by
 * another device holding the same public key. Every ciphertext a secret was opened from is
 * remembered (its SHA-256) until the key pair's handshakes expire; a second use is refused.
 */
export const up = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema
    .createTable('handshake_spent')
    .addColumn('digest', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('handshake_spent_expires').on('handshake_spent').column('expires_at').execute();
};

export const down = async (db: Kysely<unknown>): Promise<void> => {
  await db.schema.dropTable('handshake_spent').execute();
};
