import type { CallDef } from '../call.ts';

/** Anime list (issue 4). Keyed like `bangumiRoutes`. */
export const bangumiCalls = {} satisfies Record<string, CallDef>;
