import type { Probe } from './openapiProbe.ts';

/**
 * API tokens (issue 26.4): one created, listed and revoked; bad input, unknown ids, a visitor and a
 * token at the token settings refused; a read-only token refused a write (403) and, once revoked,
 * everything (401).
 */
export const tokens = async (api: Probe) => {
  const input = { name: '探针', scope: 'read', expiresInDays: 30 } as const;
  const created = await api.ok('tokenCreate', { json: input });
  const asToken = { as: 'visitor', headers: { authorization: `Bearer ${created.secret}` } } as const;
  await api.fails('tokenCreate', { json: { ...input, scope: 'modules', modules: [] } }, 400);
  await api.fails('tokenCreate', { json: input, as: 'visitor' }, 401);
  await api.fails('tokenCreate', { ...asToken, json: input }, 403);
  await api.ok('tokenList');
  await api.fails('tokenList', { as: 'visitor' }, 401);
  await api.fails('tokenList', asToken, 403);
  await api.ok('systemInfo', asToken);
  await api.fails('todoPut', { ...asToken, json: { title: '只读令牌不能写' } }, 403);
  await api.fails('tokenRevoke', { ...asToken, params: { id: created.id } }, 403);
  await api.ok('tokenRevoke', { params: { id: created.id } });
  await api.fails('tokenRevoke', { params: { id: 999_999 } }, 404);
  await api.fails('tokenRevoke', { params: { id: 'x' } }, 400);
  await api.fails('systemInfo', asToken, 401);
};
