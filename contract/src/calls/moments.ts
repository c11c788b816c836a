import type { CallDef } from '../call.ts';

/** Moments feed and its statistics (issue 4). Keyed like `momentsRoutes`. */
export const momentsCalls = {} satisfies Record<string, CallDef>;
