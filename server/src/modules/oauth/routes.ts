import { calls } from '@candy/contract';
import type { Router } from '../../http/router.ts';
import type { OauthService } from './service.ts';

/** The approval page's calls and the apps on the tokens page: owner-only, handlers only hand over. */
export const oauthRoutes = (router: Router, oauth: OauthService): void => {
  router.route(calls.oauthAppInfo, ({ query }) => oauth.appInfo(query));
  router.route(calls.oauthDecide, ({ body }) => oauth.decide(body));
  router.route(calls.oauthGrantList, () => oauth.grants());
  router.route(calls.oauthGrantRevoke, ({ params }) => oauth.revokeApp(params.id));
};
