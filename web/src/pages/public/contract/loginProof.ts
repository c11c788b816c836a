import { ErrorCode } from '@candy/contract/codes';
import { RequestError } from '../../../core/errors.ts';

/**
 * Refusals a (fresh) proof of work cures on the login (issue 40.4): 4038 after repeated failures,
 * 4035 and 4036 when the proof sent was stale. The page solves one and sends the password again.
 */
export const needsProof = (error: unknown): boolean =>
  error instanceof RequestError &&
  (error.code === ErrorCode.loginProofRequired ||
    error.code === ErrorCode.proofExpired ||
    error.code === ErrorCode.proofReused);
