import { emotesCalls } from '@candy/contract/calls/emotes';
import type { Router } from '../../http/router.ts';
import type { EmotesService } from './service.ts';

export const emotesRoutes = (router: Router, emotes: EmotesService): void => {
  router.route(emotesCalls.emoteList, () => emotes.list());
  router.route(emotesCalls.emoteSelf, () => emotes.self());
  router.route(emotesCalls.emoteRemote, ({ query }) => emotes.remote(query.keyword));
  router.route(emotesCalls.emoteSelect, ({ params }) => emotes.select(params.id));
  router.route(emotesCalls.emoteBilibili, ({ body }) => emotes.importBilibili(body.id));
  router.route(emotesCalls.emoteDelete, ({ params }) => emotes.remove(params.id));
};
