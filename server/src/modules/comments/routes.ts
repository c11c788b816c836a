import { commentsCalls } from '@candy/contract/calls/comments';
import type { Router } from '../../http/router.ts';
import type { Proof } from './proof.ts';
import type { ModerationQueue } from './queue.ts';
import type { CommentService } from './service.ts';

export const commentsRoutes = (
  router: Router,
  comments: CommentService,
  queue: ModerationQueue,
  proof: Proof,
): void => {
  router.route(commentsCalls.commentList, ({ query, caller, owner }) => comments.list(query, caller, owner));
  router.route(commentsCalls.commentCounts, ({ query, caller, owner }) =>
    comments.counts(query, caller, owner),
  );
  router.route(commentsCalls.commentCreate, ({ body, caller, owner }) =>
    comments.create(body, caller, owner),
  );
  router.route(commentsCalls.commentUpdate, ({ params, body, caller, owner }) =>
    comments.update(params.id, body, caller, owner),
  );
  router.route(commentsCalls.commentDelete, ({ params, caller, owner }) =>
    comments.remove(params.id, caller, owner),
  );
  router.route(commentsCalls.commentChallenge, ({ caller }) => proof.challenge(caller.ip));

  router.route(commentsCalls.commentRecent, ({ query }) => queue.recent(query));
  router.route(commentsCalls.commentModerate, ({ body }) => queue.moderate(body));
  router.route(commentsCalls.commentSpamPreview, ({ body }) => queue.spamPreview(body.ids));
  router.route(commentsCalls.commentSpamUndo, ({ body }) => queue.undoSpam(body.undo));
  router.route(commentsCalls.commentSettings, () => queue.settings());
  router.route(commentsCalls.commentSettingsUpdate, ({ body }) => queue.saveSettings(body));
};
