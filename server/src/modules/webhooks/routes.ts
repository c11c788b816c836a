import { calls } from '@candy/contract';
import type { Router } from '../../http/router.ts';
import type { WebhookService } from './service.ts';

/** Owner-only (every route is `access: 'owner'` in the contract): handlers only hand over. */
export const webhookRoutes = (router: Router, webhooks: WebhookService): void => {
  router.route(calls.webhookList, () => webhooks.list());
  router.route(calls.webhookCreate, ({ body }) => webhooks.create(body));
  router.route(calls.webhookUpdate, ({ params, body }) => webhooks.update(params.id, body));
  router.route(calls.webhookDelete, ({ params }) => webhooks.remove(params.id));
  router.route(calls.webhookTest, ({ params }) => webhooks.sendTest(params.id));
  router.route(calls.webhookSecret, ({ params }) => webhooks.secret(params.id));
  router.route(calls.webhookDeliveries, ({ params, query }) => webhooks.deliveries(params.id, query.start));
  router.route(calls.webhookResend, ({ params }) => webhooks.resend(params.id));
};
