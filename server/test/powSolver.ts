import type { PowChallenge } from '@candy/contract/calls/commentModeration';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

/**
 * Solves a comment challenge the way the browser widget does (altcha-lib's solver: real work, no
 * bypass) and answers the widget's payload: base64 of `{challenge, solution}`.
 */
export const solveProof = async (challenge: PowChallenge): Promise<string> => {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
};

/** A proof for a comment posted straight to a running server's API (e2e specs). */
export const proofFrom = async (baseUrl: string): Promise<string> => {
  const res = await fetch(`${baseUrl}/api/blog/comment/challenge`);
  return solveProof(((await res.json()) as { data: PowChallenge }).data);
};
