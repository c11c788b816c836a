import type { ModuleContext } from '../context.ts';

/** Not built yet: registers no routes. */
export const waifuModule = (_ctx: ModuleContext) => ({});
