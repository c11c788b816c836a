import type { Selectable } from 'kysely';
import type { Db } from '../../db/index.ts';
import type { OwnerChallengeTable, OwnerPasskeyTable } from '../../db/schemaSecurity.ts';

export type PasskeyRow = Selectable<OwnerPasskeyTable>;
export type ChallengePurpose = OwnerChallengeTable['purpose'];

/** The single TOTP row's id. */
const TOTP_ID = 1;

/** Passkeys, the TOTP secret, recovery codes and single-use challenges of the owner. */
export const createSecurityRepo = (db: Db) => ({
  async saveChallenge(value: string, purpose: ChallengePurpose, expiresAt: number, now: number) {
    await db.deleteFrom('owner_challenge').where('expires_at', '<=', now).execute();
    await db.insertInto('owner_challenge').values({ value, purpose, expires_at: expiresAt }).execute();
  },

  /** Whether a live challenge exists, without using it up. */
  async challengeLive(value: string, purpose: ChallengePurpose, now: number): Promise<boolean> {
    const row = await db
      .selectFrom('owner_challenge')
      .select('id')
      .where('value', '=', value)
      .where('purpose', '=', purpose)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Uses a challenge up: true for exactly one caller on every replica (a conditional delete). */
  async consumeChallenge(value: string, purpose: ChallengePurpose, now: number): Promise<boolean> {
    const result = await db
      .deleteFrom('owner_challenge')
      .where('value', '=', value)
      .where('purpose', '=', purpose)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  passkeys: () => db.selectFrom('owner_passkey').selectAll().orderBy('id', 'asc').execute(),

  passkeyByCredential: (credentialId: string) =>
    db.selectFrom('owner_passkey').selectAll().where('credential_id', '=', credentialId).executeTakeFirst(),

  async addPasskey(row: Omit<PasskeyRow, 'id'>): Promise<PasskeyRow> {
    return db.insertInto('owner_passkey').values(row).returningAll().executeTakeFirstOrThrow();
  },

  /**
   * Moves a passkey's signature counter forward; false when another login got there first with
   * the same or a later counter (a replayed or cloned assertion).
   */
  async advanceCounter(id: number, from: number, to: number, at: number): Promise<boolean> {
    const result = await db
      .updateTable('owner_passkey')
      .set({ counter: to, last_used_at: at })
      .where('id', '=', id)
      .where('counter', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async deletePasskey(id: number): Promise<boolean> {
    const result = await db.deleteFrom('owner_passkey').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  },

  totp: () => db.selectFrom('owner_totp').selectAll().where('id', '=', TOTP_ID).executeTakeFirst(),

  /** A new secret waiting for its first code; replaces a pending one, never an enabled one. */
  async pendingTotp(secret: string, at: number): Promise<boolean> {
    await db.deleteFrom('owner_totp').where('id', '=', TOTP_ID).where('enabled', '=', 0).execute();
    const result = await db
      .insertInto('owner_totp')
      .values({ id: TOTP_ID, secret, enabled: 0, updated_at: at })
      .onConflict((oc) => oc.column('id').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  /** Turns the pending secret on with its recovery codes, once. */
  async enableTotp(step: number, codeHashes: string[], at: number): Promise<boolean> {
    return db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('owner_totp')
        .set({ enabled: 1, last_step: step, updated_at: at })
        .where('id', '=', TOTP_ID)
        .where('enabled', '=', 0)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 0) return false;
      await trx.deleteFrom('owner_recovery_code').execute();
      await trx
        .insertInto('owner_recovery_code')
        .values(codeHashes.map((code_hash) => ({ code_hash, used_at: null })))
        .execute();
      return true;
    });
  },

  async disableTotp(): Promise<void> {
    await db.transaction().execute(async (trx) => {
      await trx.deleteFrom('owner_totp').execute();
      await trx.deleteFrom('owner_recovery_code').execute();
    });
  },

  /** Records the time step a code was accepted for; false when it (or a later one) already was. */
  async useStep(step: number, at: number): Promise<boolean> {
    const result = await db
      .updateTable('owner_totp')
      .set({ last_step: step, updated_at: at })
      .where('id', '=', TOTP_ID)
      .where('enabled', '=', 1)
      .where('last_step', '<', step)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  /** Uses a recovery code up; false when unknown or already used. */
  async useRecoveryCode(codeHash: string, at: number): Promise<boolean> {
    const result = await db
      .updateTable('owner_recovery_code')
      .set({ used_at: at })
      .where('code_hash', '=', codeHash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  },

  async recoveryCodesLeft(): Promise<number> {
    const row = await db
      .selectFrom('owner_recovery_code')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },
});

export type SecurityRepo = ReturnType<typeof createSecurityRepo>;
