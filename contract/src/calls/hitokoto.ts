import type { CallDef } from '../call.ts';

/** Quotes (issue 4). Keyed like `hitokotoRoutes`. */
export const hitokotoCalls = {} satisfies Record<string, CallDef>;
