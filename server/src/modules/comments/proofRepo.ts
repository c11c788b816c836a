import type { Db } from '../../db/index.ts';

/** Proofs of work already accepted (table `comment_proof_spent`), shared by every replica. */
export const createProofRepo = (db: Db) => ({
  /**
   * Remembers a challenge's signature; false when it was there already. The primary key decides, so
   * two replicas given the same proof at once cannot both accept it.
   */
  async spend(signature: string, expiresAt: number): Promise<boolean> {
    const result = await db
      .insertInto('comment_proof_spent')
      .values({ signature, expires_at: expiresAt })
      .onConflict((oc) => oc.column('signature').doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
  },

  /** Past its expiry a proof is refused as expired, so its row is no longer needed. */
  async purgeExpired(now: number): Promise<void> {
    await db.deleteFrom('comment_proof_spent').where('expires_at', '<=', now).execute();
  },
});

export type ProofRepo = ReturnType<typeof createProofRepo>;
