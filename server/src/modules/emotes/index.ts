import type { ModuleContext } from '../context.ts';
import { emotesRoutes } from './routes.ts';
import { createEmotesService } from './service.ts';

/** The emote set comment codes like `[doge]` resolve to. */
export const emotesModule = (ctx: ModuleContext) => {
  const emotes = createEmotesService();
  emotesRoutes(ctx.router, emotes);
  return { emotes };
};
