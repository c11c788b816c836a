import type { CallDef } from '../call.ts';

/** Waifu gallery (issue 4). Keyed like `waifuRoutes`. */
export const waifuCalls = {} satisfies Record<string, CallDef>;
