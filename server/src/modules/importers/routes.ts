import { calls } from '@candy/contract';
import type { Router } from '../../http/router.ts';
import type { ImportService } from './service.ts';

/** Owner-only (every route is `access: 'owner'` in the contract): handlers only hand over. */
export const importRoutes = (router: Router, imports: ImportService): void => {
  router.route(calls.importUpload, ({ req }) => imports.upload(req));
  router.route(calls.importJobs, () => imports.list());
  router.route(calls.importJob, ({ params }) => imports.get(params.id));
  router.route(calls.importApply, ({ params }) => imports.apply(params.id));
  router.route(calls.importRedirects, ({ query }) => imports.redirects(query));
};
