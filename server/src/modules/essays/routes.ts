import { calls } from '@candy/contract';
import type { PublicCache } from '../../http/publicCache.ts';
import type { Router } from '../../http/router.ts';
import type { ImagesService } from '../images/service.ts';
import type { EssaysService } from './service.ts';

/** The reads answer each essay with its pictures (issue 30); writes answer the essay alone. */
export const essaysRoutes = (
  router: Router,
  essays: EssaysService,
  cache: PublicCache,
  images: Pick<ImagesService, 'withPictures' | 'withPicturesOf'>,
): void => {
  const rule = {
    tags: ['essay'],
    view: ({ owner }: { owner: unknown }) => (owner ? 'owner' : 'visitor'),
    // A visitor's answer must not outlive the next reservation coming due.
    expiresAt: ({ owner }: { owner: unknown }) => (owner ? Promise.resolve(null) : essays.nextReservation()),
  } as const;
  router.route(
    calls.essayList,
    cache.handler(rule, async ({ query, owner }) => {
      const page = await essays.list(query, owner !== null);
      return { ...page, list: await images.withPictures(page.list) };
    }),
  );
  router.route(
    calls.essayDetail,
    cache.handler(rule, async ({ params, owner }) => {
      return images.withPicturesOf(await essays.detail(params.id, owner !== null));
    }),
  );
};
