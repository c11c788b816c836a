import type { Probe } from './openapiProbe.ts';

/**
 * The fediverse account's owner calls (issue 29): settings read and written, the overview, a follow
 * request answered (none is known, so `ok: false`), a domain blocked and unblocked, the delivery
 * queue listed and a failed delivery (made by `addFailedDelivery`) retried and removed; bad input
 * 400, unknown deliveries 404.
 */
export const federation = async (api: Probe, addFailedDelivery: () => Promise<number>) => {
  const settings = await api.ok('federationSettings');
  await api.fails('federationSettings', { as: 'visitor' }, 401);
  await api.ok('federationSettingsUpdate', { json: { ...settings, handle: 'probe' } });
  await api.fails('federationSettingsUpdate', { json: { ...settings, handle: 'no spaces' } }, 400);
  await api.ok('federationOverview');
  await api.ok('federationFollower', { json: { actorUrl: 'https://example.com/users/a', action: 'accept' } });
  await api.fails('federationFollower', { json: { actorUrl: 'nope', action: 'accept' } }, 400);
  await api.ok('federationBlock', { json: { target: 'spam.example' } });
  await api.fails('federationBlock', { json: { target: 'not a domain' } }, 400);
  await api.ok('federationUnblock', { json: { target: 'spam.example' } });
  await api.fails('federationUnblock', { json: { target: '' } }, 400);

  await api.ok('federationDeliveries');
  await api.fails('federationDeliveries', { as: 'visitor' }, 401);
  const retried = await addFailedDelivery();
  await api.ok('federationDeliveryRetry', { params: { id: retried } });
  await api.fails('federationDeliveryRetry', { params: { id: 999_999 } }, 404);
  await api.fails('federationDeliveryRetry', { params: { id: 'x' } }, 400);
  const removed = await addFailedDelivery();
  await api.ok('federationDeliveryRemove', { params: { id: removed } });
  await api.fails('federationDeliveryRemove', { params: { id: removed } }, 404);
};
