import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { createIdempotency } from '../../http/idempotency.ts';
import { recordNotFound } from '../oauth/protocolError.ts';
import { paramsOf, textParam } from '../oauth/protocolScope.ts';
import { type MastodonDeps, requestView } from './context.ts';
import { limitOf, setLinkHeader } from './paging.ts';
import type { Post, StatusInput } from './posts.ts';
import { OWNER_ACCOUNT_ID } from './present.ts';
import { postOfStatusId, statusIdOf } from './statusIds.ts';

type Idempotency = ReturnType<typeof createIdempotency>;

const refOf = (req: FastifyRequest) => {
  const ref = postOfStatusId((req.params as { id: string }).id);
  if (!ref) throw recordNotFound();
  return ref;
};

const inputOf = async (req: FastifyRequest): Promise<StatusInput> => {
  const params = await paramsOf(req);
  const ids = params.media_ids;
  return {
    text: textParam(params, 'status') ?? '',
    mediaIds: (Array.isArray(ids) ? ids : ids === undefined || ids === '' ? [] : [ids]).map(String),
    spoilerText: textParam(params, 'spoiler_text') ?? '',
    visibility: textParam(params, 'visibility'),
  };
};

/** Statuses and the timelines (issue 42): every one a moment or an essay of the owner's. */
export const statusRoutes = (scope: FastifyInstance, deps: MastodonDeps, idempotency: Idempotency): void => {
  const { posts, grant } = deps;

  /** A page of the owner's posts, paged the Mastodon way by status ids. */
  const timeline = async (req: FastifyRequest): Promise<Post[]> => {
    const query = req.query as Record<string, unknown>;
    const limit = limitOf(query);
    const idOf = (name: string) => (typeof query[name] === 'string' ? postOfStatusId(query[name]) : null);
    const max = idOf('max_id');
    const newer = idOf('min_id') ?? idOf('since_id');
    if (newer) {
      const after = await posts.createdAt(newer);
      const recent = (await posts.timeline(undefined, 200)).filter((post) => post.createdAt > after);
      // min_id: the page right after it; since_id: the newest ones.
      return idOf('min_id') ? recent.slice(-limit) : recent.slice(0, limit);
    }
    return posts.timeline(max ? await posts.createdAt(max) : undefined, limit);
  };
  const listAnswer = async (req: FastifyRequest, reply: Parameters<typeof setLinkHeader>[1]) => {
    await grant(req, 'read:statuses');
    const page = await timeline(req);
    const view = await requestView(deps, req);
    const first = page[0];
    const last = page.at(-1);
    setLinkHeader(
      req,
      reply,
      view.profile.origin,
      first && last ? { first: statusIdOf(first.ref), last: statusIdOf(last.ref) } : null,
    );
    return Promise.all(page.map((post) => view.status(post)));
  };

  scope.get('/api/v1/timelines/home', async (req, reply) => listAnswer(req, reply));
  scope.get('/api/v1/timelines/public', async (req, reply) => listAnswer(req, reply));
  scope.get('/api/v1/accounts/:id/statuses', async (req, reply) => {
    if ((req.params as { id: string }).id !== OWNER_ACCOUNT_ID) throw recordNotFound();
    // Nothing is pinned, and the site has no replies of the owner's as statuses.
    if ((req.query as Record<string, unknown>).pinned === 'true') return [];
    return listAnswer(req, reply);
  });

  scope.post('/api/v1/statuses', async (req, reply) => {
    await grant(req, 'write:statuses');
    // An app resends a post it is not sure went through with the same key: it is written once.
    const key = idempotency.keyOf(req.headers['idempotency-key']);
    const claimed = key
      ? await idempotency.claim(`mastodon:${key}`, 'POST /api/v1/statuses')
      : { kind: 'new' as const };
    if (claimed.kind === 'done') return reply.type('application/json').send(claimed.answer);
    if (claimed.kind === 'refused')
      return reply.status(409).send({ error: 'Duplicate request (Idempotency-Key) in progress' });
    try {
      const post = await posts.create(await inputOf(req));
      const answer = await (await requestView(deps, req)).status(post);
      if (key) await idempotency.finish(`mastodon:${key}`, JSON.stringify(answer));
      return answer;
    } catch (error) {
      if (key) await idempotency.release(`mastodon:${key}`);
      throw error;
    }
  });

  scope.get('/api/v1/statuses/:id', async (req) => {
    await grant(req, 'read:statuses');
    return (await requestView(deps, req)).status(await posts.find(refOf(req)));
  });
  scope.get('/api/v1/statuses/:id/source', async (req) => {
    await grant(req, 'read:statuses');
    const post = await posts.find(refOf(req));
    return { id: statusIdOf(post.ref), text: post.content, spoiler_text: '' };
  });
  scope.get('/api/v1/statuses/:id/context', async (req) => {
    await grant(req, 'read:statuses');
    await posts.find(refOf(req));
    return { ancestors: [], descendants: [] };
  });
  scope.get('/api/v1/statuses/:id/history', async (req) => {
    await grant(req, 'read:statuses');
    await posts.find(refOf(req));
    // Earlier versions live in the back office's revisions, not here.
    return [];
  });
  scope.put('/api/v1/statuses/:id', async (req) => {
    await grant(req, 'write:statuses');
    const post = await posts.update(refOf(req), await inputOf(req));
    return (await requestView(deps, req)).status(post);
  });
  scope.delete('/api/v1/statuses/:id', async (req) => {
    await grant(req, 'write:statuses');
    const post = await posts.remove(refOf(req));
    return (await requestView(deps, req)).status(post, true);
  });
};
