import { calls } from '@candy/contract';
import type { PublicCache } from '../../http/publicCache.ts';
import type { Router } from '../../http/router.ts';
import type { EssaysService } from './service.ts';

export const essaysRoutes = (router: Router, essays: EssaysService, cache: PublicCache): void => {
  const rule = {
    tags: ['essay'],
    view: ({ owner }: { owner: unknown }) => (owner ? 'owner' : 'visitor'),
    // A visitor's answer must not outlive the next reservation coming due.
    expiresAt: ({ owner }: { owner: unknown }) => (owner ? Promise.resolve(null) : essays.nextReservation()),
  } as const;
  router.route(
    calls.essayList,
    cache.handler(rule, async ({ query, owner }) => essays.list(query, owner !== null)),
  );
  router.route(
    calls.essayDetail,
    cache.handler(rule, async ({ params, owner }) => essays.detail(params.id, owner !== null)),
  );
};
