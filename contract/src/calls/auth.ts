import type { CallDef } from '../call.ts';

/** Owner login, security page (issue 5). Keyed like `authRoutes`. */
export const authCalls = {} satisfies Record<string, CallDef>;
