import { createNeteaseProvider, type MusicProvider } from '../../providers/music/netease.ts';
import type { ModuleContext } from '../context.ts';
import { musicRoutes } from './routes.ts';
import { createMusicService } from './service.ts';

/** The music proxy: song details and play addresses from the API at MUSIC_API_BASE, cached. */
export const musicModule = (ctx: ModuleContext, deps: { provider?: MusicProvider } = {}) => {
  const base = ctx.config.musicApiBase;
  const provider = deps.provider ?? (base ? createNeteaseProvider({ baseUrl: base }) : null);
  const music = createMusicService({ provider, logger: ctx.logger, now: ctx.now });
  musicRoutes(ctx.router, music);
  return { music };
};
