import type { CallDef } from '../call.ts';

/** Essays and reservations (issue 4). Keyed like `essaysRoutes`. */
export const essaysCalls = {} satisfies Record<string, CallDef>;
