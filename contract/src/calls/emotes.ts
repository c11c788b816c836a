import type { CallDef } from '../call.ts';

/** Emotes (issue 4). Keyed like `emotesRoutes`. */
export const emotesCalls = {} satisfies Record<string, CallDef>;
