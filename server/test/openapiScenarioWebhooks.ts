import type { Probe } from './openapiProbe.ts';

/**
 * Signed webhooks (issue 26.5): an endpoint registered, changed, tested, its deliveries listed and
 * one sent again, then deleted; a private address and unknown ids refused. `receiverUrl` is on an
 * allowed loopback address that refuses connections, so the queued deliveries fail quietly.
 */
export const webhooks = async (api: Probe, receiverUrl: string) => {
  const input = { name: '探针', url: receiverUrl, events: ['essay.published', 'comment.posted'] };
  const endpoint = await api.ok('webhookCreate', { json: input });
  await api.fails('webhookCreate', { json: { ...input, url: 'http://169.254.169.254/latest' } }, 400);
  await api.fails('webhookCreate', { json: { ...input, events: [] } }, 400);
  await api.fails('webhookCreate', { json: input, as: 'visitor' }, 401);
  await api.ok('webhookList');
  await api.fails('webhookList', { as: 'visitor' }, 401);
  await api.ok('webhookUpdate', { params: { id: endpoint.id }, json: { ...input, enabled: false } });
  await api.fails('webhookUpdate', { params: { id: 999_999 }, json: input }, 404);
  await api.fails('webhookUpdate', { params: { id: endpoint.id }, json: { ...input, name: '' } }, 400);
  const delivery = await api.ok('webhookTest', { params: { id: endpoint.id } });
  await api.fails('webhookTest', { params: { id: 999_999 } }, 404);
  await api.ok('webhookSecret', { params: { id: endpoint.id } });
  await api.fails('webhookSecret', { params: { id: 999_999 } }, 404);
  await api.ok('webhookDeliveries', { params: { id: endpoint.id } });
  await api.ok('webhookDeliveries', { params: { id: endpoint.id }, query: { start: delivery.id } });
  await api.fails('webhookDeliveries', { params: { id: 999_999 } }, 404);
  await api.fails('webhookDeliveries', { params: { id: endpoint.id }, query: { start: 'x' } }, 400);
  await api.ok('webhookResend', { params: { id: delivery.id } });
  await api.fails('webhookResend', { params: { id: 999_999 } }, 404);
  await api.ok('webhookDelete', { params: { id: endpoint.id } });
  await api.fails('webhookDelete', { params: { id: endpoint.id } }, 404);
};
