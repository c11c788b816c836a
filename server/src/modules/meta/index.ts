import type { ModuleContext } from '../context.ts';
import { createMetaRepo } from './repo.ts';
import { createMetaService } from './service.ts';

/** Meta strings; its owner calls (spec §7 /meta/string…) arrive with the back office. */
export const metaModule = (ctx: ModuleContext) => ({
  meta: createMetaService(createMetaRepo(ctx.db), ctx.now),
});
