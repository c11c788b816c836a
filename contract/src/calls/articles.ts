import type { CallDef } from '../call.ts';

/** Articles; article 1 is the about page (issue 4). Keyed like `articlesRoutes`. */
export const articlesCalls = {} satisfies Record<string, CallDef>;
