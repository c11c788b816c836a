import type {
  Draft,
  DraftInput,
  Revision,
  RevisionAuthor,
  RevisionDetail,
  RevisionTarget,
} from '@candy/contract/calls/revisions';
import type { z } from 'zod';
import { notFound } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import { KEEP_ALL_MS, revisionsToPrune } from './pruneRule.ts';
import type { DraftRow, RevisionHead, RevisionRepo, RevisionRow } from './repo.ts';

/** Stored target names are only ever written from the contract's enum. */
const targetOf = (value: string): RevisionTarget => (value === 'article' ? 'article' : 'essay');
const authorOf = (value: string): RevisionAuthor => (value === 'import' ? 'import' : 'owner');

const presentRevision = (row: RevisionHead): Revision => ({
  id: row.id,
  target: targetOf(row.target_type),
  targetId: row.target_id,
  author: authorOf(row.author),
  length: row.length,
  createdAt: Number(row.created_at),
});

const presentDetail = (row: RevisionRow): RevisionDetail => ({
  ...presentRevision({ ...row, length: row.content.length }),
  content: row.content,
});

const presentDraft = (row: DraftRow): Draft => ({
  target: targetOf(row.target_type),
  targetId: row.target_id,
  content: row.content,
  hide: row.hide === 1,
  reservation: row.reservation === null ? null : Number(row.reservation),
  updatedAt: Number(row.updated_at),
});

export interface SavedOptions {
  author?: RevisionAuthor;
  /** The draft the save came from, when it is not the target's own (a new essay's: id 0). */
  draftId?: number;
}

/**
 * Revisions and drafts (issue 24). The essays and articles services call `saved` on every save; the
 * desk's autosave writes the draft; the prune job keeps the table from growing without bound.
 */
export const createRevisionsService = ({ repo, now }: { repo: RevisionRepo; now: () => number }) => ({
  /**
   * Keeps the text a save wrote as a revision (unless it equals the newest one: toggling "hide" makes
   * no new version of the text) and drops the draft the save came from.
   */
  async saved(target: RevisionTarget, targetId: number, content: string, options: SavedOptions = {}) {
    if ((await repo.latestContent(target, targetId)) !== content) {
      await repo.insert({
        target_type: target,
        target_id: targetId,
        content,
        author: options.author ?? 'owner',
        created_at: now(),
      });
    }
    await repo.removeDraft(target, options.draftId ?? targetId);
  },

  /** A deleted target takes its revisions and draft with it. */
  async forget(target: RevisionTarget, targetId: number): Promise<void> {
    await repo.removeFor(target, targetId);
    await repo.removeDraft(target, targetId);
  },

  list: async (target: RevisionTarget, targetId: number): Promise<Revision[]> =>
    (await repo.list(target, targetId)).map(presentRevision),

  async detail(id: number): Promise<RevisionDetail> {
    const row = await repo.find(id);
    if (!row) throw notFound(said('error.revisions.notFound'));
    return presentDetail(row);
  },

  async draft(target: RevisionTarget, targetId: number): Promise<Draft | null> {
    const row = await repo.findDraft(target, targetId);
    return row ? presentDraft(row) : null;
  },

  saveDraft: async (
    target: RevisionTarget,
    targetId: number,
    input: z.output<typeof DraftInput>,
  ): Promise<Draft> =>
    presentDraft(
      await repo.upsertDraft({
        target_type: target,
        target_id: targetId,
        content: input.content,
        hide: input.hide ? 1 : 0,
        reservation: input.reservation,
        updated_at: now(),
      }),
    ),

  dropDraft: (target: RevisionTarget, targetId: number): Promise<boolean> =>
    repo.removeDraft(target, targetId),

  /** Applies the prune rule; answers how many revisions went. */
  async prune(): Promise<number> {
    const at = now();
    return repo.removeIds(revisionsToPrune(await repo.olderThan(at - KEEP_ALL_MS), at));
  },
});

export type RevisionsService = ReturnType<typeof createRevisionsService>;
