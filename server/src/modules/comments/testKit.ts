import { ownerKey } from '../../../test/contentFactories.ts';
import type { TestApp } from '../../../test/harness.ts';

export { testOwnerGuard } from '../../../test/contentFactories.ts';

export interface As {
  uuid?: string;
  ip?: string;
  owner?: boolean;
}

let nextIp = 1;
/** A fresh client address per call unless a test names one, so IP limits only bite where meant. */
const freshIp = () => {
  nextIp += 1;
  return `10.9.${(nextIp >> 8) & 255}.${nextIp & 255}`;
};

const headersOf = (as: As) => ({
  ...(as.uuid ? { 'x-uuid': as.uuid } : {}),
  ...(as.owner ? { 'x-fingerprint': ownerKey } : {}),
});

/** Small request helpers over app.inject for the comment calls. */
export const commentClient = (t: TestApp) => ({
  post: (body: Record<string, unknown>, as: As = {}) =>
    t.server.inject({
      method: 'POST',
      url: '/api/blog/comment',
      payload: body,
      headers: headersOf(as),
      remoteAddress: as.ip ?? freshIp(),
    }),
  list: (query: Record<string, string | number>, as: As = {}) =>
    t.server.inject({
      method: 'GET',
      url: `/api/blog/comment?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      headers: headersOf(as),
    }),
  edit: (id: number, content: string, as: As = {}) =>
    t.server.inject({
      method: 'PUT',
      url: `/api/blog/comment/${id}`,
      payload: { content },
      headers: headersOf(as),
      remoteAddress: as.ip ?? freshIp(),
    }),
  remove: (id: number, as: As = {}) =>
    t.server.inject({
      method: 'DELETE',
      url: `/api/blog/comment/${id}`,
      headers: headersOf(as),
      remoteAddress: as.ip ?? freshIp(),
    }),
});

/** Inserts an essay straight into the table; comments only need it to exist and be visible. */
export const insertEssay = async (
  t: TestApp,
  fields: { hide?: number; reservation?: number | null } = {},
): Promise<number> => {
  const row = await t.database.db
    .insertInto('essay')
    .values({
      content: 'an essay',
      hide: fields.hide ?? 0,
      reservation: fields.reservation ?? null,
      created_at: t.clock.now,
      updated_at: t.clock.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
};
