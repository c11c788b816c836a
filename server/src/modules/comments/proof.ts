import { randomBytes } from 'node:crypto';
import { ErrorCode } from '@candy/contract';
import {
  PowChallenge,
  type ProofRefusalCode,
  powMaxNumberRange,
} from '@candy/contract/calls/commentModeration';
import { createChallenge, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import * as z from 'zod';
import { AppError } from '../../http/errors.ts';
import type { RateLimiter } from '../../http/rateLimit.ts';
import { said } from '../../i18n/said.ts';
import type { MetaService } from '../meta/service.ts';
import type { ProofRepo } from './proofRepo.ts';

/**
 * Proof of work on visitors' writes (issue 25): ALTCHA, self-hosted. Our server signs a challenge,
 * the visitor's browser solves it, the server checks the signature and the solution and accepts
 * each solved challenge once. No third party is contacted.
 */

export const powKeyMeta = { group: 'comment', key: 'pow-key' } as const;
export const powMaxNumberMeta = { group: 'comment', key: 'pow-max-number' } as const;

/** One SHA-256 per try: the work is the number of tries, which the difficulty bounds. */
const algorithm = 'SHA-256';
const cost = 1;
/** Long enough to write a comment after focusing the form; the web asks for a fresh one when it expires. */
export const challengeLifetimeMs = 20 * 60_000;
/** An address's posts within this window raise its difficulty. */
export const busyWindowMs = 10 * 60_000;
/**
 * Posts in the window before the difficulty starts doubling, and the most doublings: a person
 * answering a thread is not slowed down; a script is, up to 8×, beside the rate limit's refusals.
 * More would cost a visitor behind a shared address (a school, an office) tens of seconds.
 */
const calmPosts = 3;
const maxDoublings = 3;
const purgeEveryMs = 10 * 60_000;

/** The difficulty for an address that posted `recentPosts` comments in the last ten minutes. */
export const maxNumberFor = (base: number, recentPosts: number): number =>
  base * 2 ** Math.min(maxDoublings, Math.max(0, recentPosts - calmPosts));

/** The bucket the comment rate limit counts an address's posts in (antiSpam.ts). */
export const ipBucketOf = (ip: string) => `comment:ip:${ip}`;
/** The bucket the edit rate limit counts an address's edits in (antiSpam.ts). */
export const editIpBucketOf = (ip: string) => `comment-edit:ip:${ip}`;

const Payload = z.object({
  challenge: PowChallenge,
  solution: z.object({
    counter: z.number(),
    derivedKey: z.string().max(512),
    time: z.number().optional(),
  }),
});

/** A refusal with its own code and the code's fixed message, in the caller's language (contract: proofRefusalCodes). */
const refuse = (code: ProofRefusalCode) => new AppError(code, said(`error.code.${code}`));

const decode = (proof: string): z.infer<typeof Payload> | null => {
  try {
    const parsed = Payload.safeParse(JSON.parse(Buffer.from(proof, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
};

export interface ProofDeps {
  repo: ProofRepo;
  meta: MetaService;
  rateLimiter: RateLimiter;
  now: () => number;
}

export const createProof = ({ repo, meta, rateLimiter, now }: ProofDeps) => {
  let key: string | undefined;
  let lastPurge = 0;

  /** The HMAC key, made once and kept in the database so that every replica signs and checks alike. */
  const loadKey = async (): Promise<string> => {
    key ??= await meta.ensure(powKeyMeta.group, powKeyMeta.key, () => randomBytes(32).toString('hex'));
    return key;
  };

  const baseMaxNumber = async (): Promise<number> => {
    const stored = Number(await meta.get(powMaxNumberMeta.group, powMaxNumberMeta.key));
    return Number.isInteger(stored) && stored >= powMaxNumberRange.min && stored <= powMaxNumberRange.max
      ? stored
      : powMaxNumberRange.default;
  };

  return {
    /** A signed challenge; harder for an address that posted or edited often in the last minutes. */
    async challenge(ip: string): Promise<PowChallenge> {
      // Edits weigh as posts do: a script editing in a loop meets the same growing difficulty.
      const recent =
        (await rateLimiter.count(ipBucketOf(ip), busyWindowMs)) +
        (await rateLimiter.count(editIpBucketOf(ip), busyWindowMs));
      const maxNumber = maxNumberFor(await baseMaxNumber(), recent);
      const challenge = await createChallenge({
        algorithm,
        cost,
        deriveKey,
        // Deterministic mode: the answer is a random counter below maxNumber, found by trying each.
        counter: randomInt(maxNumber),
        expiresAt: Math.floor((now() + challengeLifetimeMs) / 1000),
        hmacSignatureSecret: await loadKey(),
        // Signed, so a client cannot claim a lower one; shown so the difficulty can be seen.
        data: { maxNumber },
      });
      return { parameters: challenge.parameters, signature: challenge.signature ?? '' };
    },

    /** Accepts a solved challenge once; 4033–4036 otherwise (missing, wrong, expired, reused). */
    async spend(proof: string | undefined): Promise<void> {
      if (!proof) throw refuse(ErrorCode.proofRequired);
      const payload = decode(proof);
      const { parameters } = payload?.challenge ?? {};
      if (!payload || !parameters || parameters.algorithm !== algorithm || parameters.cost !== cost) {
        throw refuse(ErrorCode.proofInvalid);
      }
      const expiresAt = (parameters.expiresAt ?? 0) * 1000;
      // Our clock decides (tests move it); altcha-lib checks the wall clock again below.
      if (expiresAt <= now()) throw refuse(ErrorCode.proofExpired);
      let result: Awaited<ReturnType<typeof verifySolution>>;
      try {
        result = await verifySolution({
          challenge: payload.challenge,
          solution: payload.solution,
          deriveKey,
          hmacSignatureSecret: await loadKey(),
        });
      } catch {
        throw refuse(ErrorCode.proofInvalid);
      }
      if (result.expired) throw refuse(ErrorCode.proofExpired);
      if (!result.verified) throw refuse(ErrorCode.proofInvalid);
      if (!(await repo.spend(payload.challenge.signature, expiresAt))) {
        throw refuse(ErrorCode.proofReused);
      }
      const at = now();
      if (at - lastPurge >= purgeEveryMs) {
        lastPurge = at;
        await repo.purgeExpired(at);
      }
    },
  };
};

export type Proof = ReturnType<typeof createProof>;
