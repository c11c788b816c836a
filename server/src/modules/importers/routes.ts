import { calls } from '@candy/contract';
import { callerLanguage } from '../../http/pageLanguage.ts';
import type { Router } from '../../http/router.ts';
import type { ImportService } from './service.ts';

/** Owner-only (every route is `access: 'owner'` in the contract): handlers only hand over. */
export const importRoutes = (router: Router, imports: ImportService): void => {
  router.route(calls.importUpload, ({ req }) => imports.upload(req));
  router.route(calls.importJobs, ({ req }) => imports.list(callerLanguage(req)));
  router.route(calls.importJob, ({ params, req }) => imports.get(params.id, callerLanguage(req)));
  router.route(calls.importApply, ({ params, req }) => imports.apply(params.id, callerLanguage(req)));
  router.route(calls.importRedirects, ({ query }) => imports.redirects(query));
};
