import type { PowChallenge } from '@candy/contract/calls/commentModeration';
import { ownerKey } from '../../../test/contentFactories.ts';
import type { TestApp } from '../../../test/harness.ts';
import { solveProof } from '../../../test/powSolver.ts';
import { powMaxNumberMeta } from './proof.ts';

export { testOwnerGuard } from '../../../test/contentFactories.ts';

export interface As {
  uuid?: string;
  ip?: string;
  owner?: boolean;
  /** Post without solving a challenge (a visitor's post otherwise solves one first). */
  noProof?: boolean;
}

/** Tests solve real challenges, at the lowest difficulty the settings allow so that they stay quick. */
export const testMaxNumber = 1000;

type Injectable = Pick<TestApp, 'server'>;

export { solveProof };

/** GET /blog/comment/challenge from `ip`. */
export const fetchChallenge = async (app: Injectable, ip: string): Promise<PowChallenge> => {
  const res = await app.server.inject({
    method: 'GET',
    url: '/api/blog/comment/challenge',
    remoteAddress: ip,
  });
  return (res.json() as { data: PowChallenge }).data;
};

/** A challenge fetched from `app` and solved: what a visitor's browser sends with a comment. */
export const proofFor = async (app: Injectable, ip: string): Promise<string> =>
  solveProof(await fetchChallenge(app, ip));

const lowered = new WeakSet<TestApp>();
const lowerDifficulty = async (t: TestApp) => {
  if (lowered.has(t)) return;
  lowered.add(t);
  await t.modules.meta.set(powMaxNumberMeta.group, powMaxNumberMeta.key, String(testMaxNumber));
};

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
  /** A visitor's post carries a freshly solved proof unless `as.noProof` or the body has its own. */
  post: async (body: Record<string, unknown>, as: As = {}) => {
    const ip = as.ip ?? freshIp();
    await lowerDifficulty(t);
    const proof = as.owner || as.noProof || 'proof' in body ? undefined : await proofFor(t, ip);
    return t.server.inject({
      method: 'POST',
      url: '/api/blog/comment',
      payload: proof ? { ...body, proof } : body,
      headers: headersOf(as),
      remoteAddress: ip,
    });
  },
  list: (query: Record<string, string | number>, as: As = {}) =>
    t.server.inject({
      method: 'GET',
      url: `/api/blog/comment?${new URLSearchParams(Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]))}`,
      headers: headersOf(as),
    }),
  /** A visitor's edit carries a freshly solved proof too (issue 40.2), unless `as.noProof`. */
  edit: async (id: number, content: string, as: As = {}) => {
    const ip = as.ip ?? freshIp();
    await lowerDifficulty(t);
    const proof = as.owner || as.noProof ? undefined : await proofFor(t, ip);
    return t.server.inject({
      method: 'PUT',
      url: `/api/blog/comment/${id}`,
      payload: proof ? { content, proof } : { content },
      headers: headersOf(as),
      remoteAddress: ip,
    });
  },
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
