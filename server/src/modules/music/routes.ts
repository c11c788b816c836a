import { musicCalls } from '@candy/contract/calls/music';
import type { Router } from '../../http/router.ts';
import type { MusicService } from './service.ts';

export const musicRoutes = (router: Router, music: MusicService): void => {
  router.route(musicCalls.musicSongDetail, ({ query }) => music.detail(query.ids));
  router.route(musicCalls.musicSongUrl, ({ query }) => music.url(query.id));
};
