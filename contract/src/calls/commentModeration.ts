import * as z from 'zod';
import { ErrorCode } from '../codes.ts';

/**
 * Comments a site can leave open (issue 25): a proof of work on every visitor's write, and a
 * moderation queue the owner works through.
 */

/** What is held for the owner's review before others see it. */
export const ModerationMode = z.enum(['none', 'links', 'first', 'all']);
export type ModerationMode = z.infer<typeof ModerationMode>;

/** `held` waits for the owner; `spam` was marked so (its author still sees it as waiting). */
export const CommentStatus = z.enum(['visible', 'held', 'spam']);
export type CommentStatus = z.infer<typeof CommentStatus>;

/** Work a visitor's browser does: about half of `max` hashes on average. */
export const powMaxNumberRange = { min: 1_000, max: 5_000_000, default: 50_000 } as const;

/**
 * An ALTCHA v2 challenge as altcha-lib creates it and the altcha widget (v3) reads it. Every
 * field the signature covers is named here, so nothing is stripped on the way out.
 */
export const PowChallenge = z.lazy(() =>
  z.object({
    parameters: z.object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
      keySignature: z.string().optional(),
      memoryCost: z.number().optional(),
      parallelism: z.number().optional(),
      /** Seconds since the epoch. */
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional(),
    }),
    signature: z.string(),
  }),
);
export type PowChallenge = z.infer<typeof PowChallenge>;

/**
 * Why a proof of work was refused (codes 4033–4036), one code per cause. Each code's message is
 * fixed: the code's own (`error.code.<code>` in server.json), as the comment form shows it. The web
 * cures 4035 and 4036 itself by solving again.
 */
export const proofRefusalCodes = [
  ErrorCode.proofRequired,
  ErrorCode.proofInvalid,
  ErrorCode.proofExpired,
  ErrorCode.proofReused,
] as const;
export type ProofRefusalCode = (typeof proofRefusalCodes)[number];

/** The widget's payload: base64 of `{challenge, solution}`. Checked on the server, not here. */
export const PowProof = z.lazy(() =>
  z.string({ error: 'schema.proof.notText' }).max(8_000, 'schema.proof.tooLong'),
);

const id = z.lazy(() => z.coerce.number().int().positive().max(2_147_483_647));

export const ModerationAction = z.enum(['approve', 'reject', 'spam']);
export type ModerationAction = z.infer<typeof ModerationAction>;

export const CommentModerateBody = z.lazy(() =>
  z.object({
    ids: z
      .array(id, { error: 'schema.comments.select' })
      .min(1, 'schema.comments.select')
      .max(100, 'schema.comments.selectMax'),
    action: ModerationAction,
  }),
);
export type CommentModerateBody = z.infer<typeof CommentModerateBody>;

export const CommentModerateResult = z.lazy(() =>
  z.object({
    /** Comments changed: a spam mark also counts the device's waiting comments it hid. */
    count: z.number(),
    /** A spam mark's token for 撤销 (`commentSpamUndo`); other actions have none. */
    undo: z.string().optional(),
  }),
);
export type CommentModerateResult = z.infer<typeof CommentModerateResult>;

/**
 * What 标为垃圾 on these comments would hide, asked before the owner confirms (issue 41.1): the
 * chosen ones and their devices' comments still waiting for review; never a shown or the owner's.
 */
export const CommentSpamPreviewBody = z.lazy(() =>
  z.object({
    ids: z
      .array(id, { error: 'schema.comments.select' })
      .min(1, 'schema.comments.select')
      .max(100, 'schema.comments.selectMax'),
  }),
);
export type CommentSpamPreviewBody = z.infer<typeof CommentSpamPreviewBody>;

export const CommentSpamPreview = z.lazy(() =>
  z.object({
    /** Comments the mark would hide. */
    comments: z.number(),
    /** Devices (browsers) they were written on. */
    devices: z.number(),
  }),
);
export type CommentSpamPreview = z.infer<typeof CommentSpamPreview>;

/** 撤销 a spam mark: its token from the mark's answer. */
export const CommentSpamUndoBody = z.lazy(() =>
  z.object({
    undo: z
      .string({ error: 'schema.comments.undo.missing' })
      .min(1, 'schema.comments.undo.missing')
      .max(64, 'schema.comments.undo.tooLong'),
  }),
);
export type CommentSpamUndoBody = z.infer<typeof CommentSpamUndoBody>;

export const CommentSpamUndoResult = z.lazy(() =>
  z.object({
    /** Comments put back as they were (visible or waiting); one changed since stays as it is. */
    count: z.number(),
  }),
);

export const heldWordMaxLength = 50;

export const CommentSettings = z.lazy(() =>
  z.object({
    moderation: ModerationMode,
    /** Held (not refused) when a comment contains any of them; case and width do not matter. */
    heldWords: z
      .array(
        z
          .string()
          .trim()
          .min(1, 'schema.comments.heldWord.empty')
          .max(heldWordMaxLength, 'schema.comments.heldWord.tooLong'),
      )
      .max(500, 'schema.comments.heldWords.tooMany'),
    /** The proof of work's difficulty for a visitor who posts rarely; busy addresses get more. */
    powMaxNumber: z
      .number({ error: 'schema.comments.pow.notNumber' })
      .int('schema.comments.pow.notInteger')
      .min(powMaxNumberRange.min, 'schema.comments.pow.tooSmall')
      .max(powMaxNumberRange.max, 'schema.comments.pow.tooBig'),
  }),
);
export type CommentSettings = z.infer<typeof CommentSettings>;
