import { commentsCalls } from '@candy/contract/calls/comments';
import type { Router } from '../../http/router.ts';
import type { CommentService } from './service.ts';

export const commentsRoutes = (router: Router, comments: CommentService): void => {
  router.route(commentsCalls.commentList, ({ query, caller, owner }) => comments.list(query, caller, owner));
  router.route(commentsCalls.commentCreate, ({ body, caller, owner }) =>
    comments.create(body, caller, owner),
  );
  router.route(commentsCalls.commentUpdate, ({ params, body, caller, owner }) =>
    comments.update(params.id, body.content, caller, owner),
  );
  router.route(commentsCalls.commentDelete, ({ params, caller, owner }) =>
    comments.remove(params.id, caller, owner),
  );
  router.route(commentsCalls.commentRecent, ({ query }) => comments.recent(query.page, query.size));
};
