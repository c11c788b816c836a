import type { CallDef } from '../call.ts';

/** Music proxy (issue 4). Keyed like `musicRoutes`. */
export const musicCalls = {} satisfies Record<string, CallDef>;
