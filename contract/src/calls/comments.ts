import type { CallDef } from '../call.ts';

/** Comments (issue 4). Keyed like `commentsRoutes`. */
export const commentsCalls = {} satisfies Record<string, CallDef>;
