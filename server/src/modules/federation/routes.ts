import { federationCalls } from '@candy/contract/calls/federation';
import type { Router } from '../../http/router.ts';
import type { DeliveryLog } from './deliveries.ts';
import type { FederationService } from './service.ts';

export const federationRoutes = (
  router: Router,
  federation: FederationService,
  deliveries: DeliveryLog,
): void => {
  router.route(federationCalls.federationSettings, () => federation.settings());
  router.route(federationCalls.federationSettingsUpdate, ({ body }) => federation.saveSettings(body));
  router.route(federationCalls.federationOverview, () => federation.overview());
  router.route(federationCalls.federationFollower, ({ body }) =>
    federation.follower(body.actorUrl, body.action),
  );
  router.route(federationCalls.federationBlock, ({ body }) => federation.block(body.target));
  router.route(federationCalls.federationUnblock, ({ body }) => federation.unblock(body.target));
  router.route(federationCalls.federationDeliveries, () => deliveries.list());
  router.route(federationCalls.federationDeliveryRetry, ({ params }) => deliveries.retry(params.id));
  router.route(federationCalls.federationDeliveryRemove, ({ params }) => deliveries.remove(params.id));
};
