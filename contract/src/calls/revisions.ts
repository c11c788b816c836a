import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { revisionsRoutes as routes } from '../routes/revisions.ts';
import { essayMaxLength, IdParams } from './essays.ts';

/** What a revision or a draft belongs to: an essay, or an article (article 1 is the about page). */
export const RevisionTarget = z.enum(['essay', 'article']);
export type RevisionTarget = z.infer<typeof RevisionTarget>;

/** Who made a revision: the owner saving (or restoring), or an importer bringing content in. */
export const RevisionAuthor = z.enum(['owner', 'import']);
export type RevisionAuthor = z.infer<typeof RevisionAuthor>;

/** `targetId` 0 is the essay not saved yet (its draft only). */
export const TargetParams = z.lazy(() =>
  z.object({
    target: RevisionTarget,
    targetId: z.coerce.number().int().min(0).max(2_147_483_647),
  }),
);
export type TargetParams = z.infer<typeof TargetParams>;

export const Revision = z.object({
  id: z.number().int(),
  target: RevisionTarget,
  targetId: z.number().int(),
  author: RevisionAuthor,
  /** Length of the content in characters, so the list can show growth without the text. */
  length: z.number().int(),
  createdAt: z.number().int(),
});
export type Revision = z.infer<typeof Revision>;

export const RevisionDetail = z.lazy(() => Revision.extend({ content: z.string() }));
export type RevisionDetail = z.infer<typeof RevisionDetail>;

/** What a restore changed: the target's text and when it was saved. */
export const RevisionRestored = z.lazy(() =>
  z.object({
    target: RevisionTarget,
    targetId: z.number().int(),
    content: z.string(),
    updatedAt: z.number().int(),
  }),
);
export type RevisionRestored = z.infer<typeof RevisionRestored>;

/** The editor's unsaved state. Drafts may be empty or half-done: only size and shape are checked. */
export const DraftInput = z.lazy(() =>
  z.strictObject({
    content: z.string().max(essayMaxLength),
    hide: z.boolean().default(false),
    reservation: z.number().int().positive().max(8_640_000_000_000).nullable().default(null),
  }),
);
export type DraftInput = z.input<typeof DraftInput>;

export const Draft = z.lazy(() =>
  z.object({
    target: RevisionTarget,
    targetId: z.number().int(),
    content: z.string(),
    hide: z.boolean(),
    reservation: z.number().int().nullable(),
    updatedAt: z.number().int(),
  }),
);
export type Draft = z.infer<typeof Draft>;

export const revisionsCalls = {
  /** The target's revisions, newest first (without their text). */
  revisionList: defineCall(routes.revisionList, () => ({
    params: TargetParams,
    response: z.array(Revision),
  })),
  revisionDetail: defineCall(routes.revisionDetail, () => ({ params: IdParams, response: RevisionDetail })),
  /** Saves the revision's text as the target's content again (which keeps a new revision). */
  revisionRestore: defineCall(routes.revisionRestore, () => ({
    params: IdParams,
    response: RevisionRestored,
  })),
  /** The target's server draft, or null. */
  draftDetail: defineCall(routes.draftDetail, () => ({ params: TargetParams, response: Draft.nullable() })),
  /** Replaces the target's draft (one per target). */
  draftSave: defineCall(routes.draftSave, () => ({
    params: TargetParams,
    body: DraftInput,
    response: Draft,
  })),
  draftDelete: defineCall(routes.draftDelete, () => ({
    params: TargetParams,
    response: z.object({ deleted: z.boolean() }),
  })),
} satisfies Record<keyof typeof routes, CallDef>;
