import { createBilibiliEmotes } from '../../providers/emotes/bilibili.ts';
import { createRemoteEmoteIndex } from '../../providers/emotes/remoteIndex.ts';
import type { ModuleContext } from '../context.ts';
import { createEmoteRepo } from './repo.ts';
import { emotesRoutes } from './routes.ts';
import { createEmotesService } from './service.ts';

/** The emote set comment codes like `[doge]` resolve to, and the owner's additions to it. */
export const emotesModule = (ctx: ModuleContext) => {
  const { emoteRemoteIndex, emoteBilibiliBase } = ctx.config;
  const emotes = createEmotesService({
    repo: createEmoteRepo(ctx.db),
    remoteIndex: emoteRemoteIndex ? createRemoteEmoteIndex({ indexUrl: emoteRemoteIndex }) : null,
    bilibili: createBilibiliEmotes({ baseUrl: emoteBilibiliBase }),
    logger: ctx.logger,
    now: ctx.now,
  });
  emotesRoutes(ctx.router, emotes);
  return { emotes };
};
