import * as z from 'zod';

/**
 * Comments a site can leave open (issue 25): a proof of work on every visitor's write, and a
 * moderation queue the owner works through.
 */

/** What is held for the owner's review before others see it. */
export const ModerationMode = z.enum(['none', 'links', 'first', 'all']);
export type ModerationMode = z.infer<typeof ModerationMode>;

export const moderationModeLabels: Record<ModerationMode, string> = {
  none: '不审核',
  links: '含链接的评论',
  first: '访客的第一条评论',
  all: '全部评论',
};

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
 * Why a proof of work was refused (codes 4033–4036), as the comment form shows it. The web cures
 * 4035 and 4036 itself by solving again.
 */
export const proofRefusals = {
  4033: '请先完成人机验证再发表',
  4034: '人机验证没有通过，请重试',
  4035: '人机验证已过期，请重新验证',
  4036: '人机验证已经用过了，请重新验证',
} as const;

/** The widget's payload: base64 of `{challenge, solution}`. Checked on the server, not here. */
export const PowProof = z.lazy(() =>
  z.string({ error: '人机验证数据要是文字' }).max(8_000, '人机验证数据过长'),
);

const id = z.lazy(() => z.coerce.number().int().positive().max(2_147_483_647));

export const ModerationAction = z.enum(['approve', 'reject', 'spam']);
export type ModerationAction = z.infer<typeof ModerationAction>;

export const CommentModerateBody = z.lazy(() =>
  z.object({
    ids: z.array(id, { error: '请选择评论' }).min(1, '请选择评论').max(100, '一次最多 100 条'),
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
    ids: z.array(id, { error: '请选择评论' }).min(1, '请选择评论').max(100, '一次最多 100 条'),
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
    undo: z.string({ error: '缺少撤销凭据' }).min(1, '缺少撤销凭据').max(64, '撤销凭据过长'),
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
        z.string().trim().min(1, '词语不能为空').max(heldWordMaxLength, `每个词最多 ${heldWordMaxLength} 字`),
      )
      .max(500, '最多 500 个词'),
    /** The proof of work's difficulty for a visitor who posts rarely; busy addresses get more. */
    powMaxNumber: z
      .number({ error: '难度要是数字' })
      .int('难度要是整数')
      .min(powMaxNumberRange.min, `难度最小 ${powMaxNumberRange.min}`)
      .max(powMaxNumberRange.max, `难度最大 ${powMaxNumberRange.max}`),
  }),
);
export type CommentSettings = z.infer<typeof CommentSettings>;
