import type { ModuleContext } from '../context.ts';

/** Not built yet: registers no routes. */
export const momentsModule = (_ctx: ModuleContext) => ({});
