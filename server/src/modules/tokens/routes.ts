import { calls } from '@candy/contract';
import type { Router } from '../../http/router.ts';
import type { TokenService } from './service.ts';

/** Owner-only security settings (`guard` in the contract): handlers only hand over. */
export const tokenRoutes = (router: Router, tokens: TokenService): void => {
  router.route(calls.tokenList, () => tokens.list());
  router.route(calls.tokenCreate, ({ body }) => tokens.create(body));
  router.route(calls.tokenRevoke, ({ params }) => tokens.revoke(params.id));
};
