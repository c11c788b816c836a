import type { Probe } from './openapiProbe.ts';

/**
 * The fediverse account's owner calls (issue 29): settings read and written, the overview, a follow
 * request answered (none is known, so `ok: false`), a domain blocked and unblocked; bad input 400.
 */
export const federation = async (api: Probe) => {
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
};
