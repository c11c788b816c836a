import type { CallDef } from '../call.ts';

/** Friend links (issue 4). Keyed like `linksRoutes`. */
export const linksCalls = {} satisfies Record<string, CallDef>;
