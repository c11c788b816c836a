import { calls } from '@candy/contract';
import type { RevisionRestored, RevisionTarget } from '@candy/contract/calls/revisions';
import type { Router } from '../../http/router.ts';
import type { RevisionsService } from './service.ts';

/** Saves a revision's text as its target's content again, through the target's own service. */
export type Restorer = (targetId: number, content: string) => Promise<{ content: string; updatedAt: number }>;

/** Owner-only calls (the contract marks them `owner`; the router refuses anyone else with 4010). */
export const revisionsRoutes = (
  router: Router,
  revisions: RevisionsService,
  restorers: Record<RevisionTarget, Restorer>,
): void => {
  router.route(calls.revisionList, ({ params }) => revisions.list(params.target, params.targetId));
  router.route(calls.revisionDetail, ({ params }) => revisions.detail(params.id));
  router.route(calls.revisionRestore, async ({ params }): Promise<RevisionRestored> => {
    const revision = await revisions.detail(params.id);
    const saved = await restorers[revision.target](revision.targetId, revision.content);
    // Only what the contract names: a restorer answers the whole saved essay or article.
    return {
      target: revision.target,
      targetId: revision.targetId,
      content: saved.content,
      updatedAt: saved.updatedAt,
    };
  });
  router.route(calls.draftDetail, ({ params }) => revisions.draft(params.target, params.targetId));
  router.route(calls.draftSave, ({ params, body }) =>
    revisions.saveDraft(params.target, params.targetId, body),
  );
  router.route(calls.draftDelete, async ({ params }) => ({
    deleted: await revisions.dropDraft(params.target, params.targetId),
  }));
};
