import { emotesCalls } from '@candy/contract/calls/emotes';
import type { Router } from '../../http/router.ts';
import type { EmotesService } from './service.ts';

export const emotesRoutes = (router: Router, emotes: EmotesService): void => {
  router.route(emotesCalls.emoteList, async () => emotes.list());
};
