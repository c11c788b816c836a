import type { Essay } from '@candy/contract/calls/essays';
import type { Moment } from '@candy/contract/calls/moments';
import type { Language } from '@candy/contract/languages';
import { essayPath } from '@candy/contract/sitePaths';
import { Create, Delete, type Federation, isActor, Tombstone, Update } from '@fedify/fedify';
import type { Logger } from 'pino';
import type { SiteEvent } from '../../events.ts';
import type { RemoteComments } from '../comments/remote.ts';
import { commentPath, essayArticle, momentNote, momentPath, OWNER, replyNote } from './objects.ts';
import type { FederationSettingsStore } from './settings.ts';

export interface OutboxDeps {
  federation: Federation<void>;
  settings: FederationSettingsStore;
  remote: Pick<RemoteComments, 'remoteParentOf'>;
  logger: Logger;
  now: () => number;
  /** The site's language (SITE_LANGUAGE). */
  language: Language;
}

/** Seen by everyone now: not hidden, and its reservation (if any) has come. */
const isPublic = (essay: Essay, now: number) => !essay.hide && (essay.reservation ?? 0) <= now;

/**
 * Turns the site's events into activities (issue 29.2): Create / Update / Delete of essays
 * (Article) and moments (Note, when the owner federates them), and the owner's replies to fediverse
 * comments. Sending only queues (Fedify's queue, in our database): the owner's save never waits
 * for a remote server; deliveries are signed and retried with back-off by the queue's workers.
 */
export const createOutbox = (deps: OutboxDeps) => {
  const { federation, settings, logger } = deps;

  const contextOf = async () => {
    const s = await settings.load();
    if (!s.origin) return null;
    const ctx = federation.createContext(new URL(s.origin));
    return { ctx, s, ids: { actor: ctx.getActorUri(OWNER), followers: ctx.getFollowersUri(OWNER) } };
  };

  const activityId = (origin: string, verb: string, path: string) =>
    new URL(`/ap/activities/${verb}${path}/${deps.now()}`, origin);

  const toFollowers = async (activity: Create | Update | Delete) => {
    const c = await contextOf();
    if (!c) return;
    await c.ctx.sendActivity({ identifier: OWNER }, 'followers', activity, { preferSharedInbox: true });
  };

  const onEssay = async (essay: Essay, verb: 'create' | 'update') => {
    const c = await contextOf();
    if (!c) return;
    const { origin } = c.s;
    if (!isPublic(essay, deps.now())) {
      // Hidden (or put back to a later date) since: withdrawn from the fediverse.
      if (verb === 'update') await onEssayDeleted(essay.id);
      return;
    }
    const object = essayArticle(essay, origin, c.ids);
    const Activity = verb === 'create' ? Create : Update;
    await toFollowers(
      new Activity({
        id: activityId(origin, verb, essayPath(essay.id)),
        actor: c.ids.actor,
        to: object.toId,
        cc: c.ids.followers,
        object,
      }),
    );
  };

  const onEssayDeleted = async (id: number) => {
    const c = await contextOf();
    if (!c) return;
    const objectId = new URL(essayPath(id), c.s.origin);
    await toFollowers(
      new Delete({
        id: activityId(c.s.origin, 'delete', essayPath(id)),
        actor: c.ids.actor,
        to: new URL('https://www.w3.org/ns/activitystreams#Public'),
        object: new Tombstone({ id: objectId }),
      }),
    );
  };

  /** Moments are dark content: they go out (and are edited or withdrawn) only while the owner federates them. */
  const onMoment = async (moment: Moment, verb: 'create' | 'update') => {
    const c = await contextOf();
    if (!c?.s.federateMoments) return;
    const note = momentNote(moment, c.s.origin, c.ids, deps.language);
    const Activity = verb === 'create' ? Create : Update;
    await toFollowers(
      new Activity({
        id: activityId(c.s.origin, verb, `/moments/${moment.id}`),
        actor: c.ids.actor,
        to: note.toId,
        cc: c.ids.followers,
        object: note,
      }),
    );
  };

  const onMomentDeleted = async (id: number) => {
    const c = await contextOf();
    if (!c?.s.federateMoments) return;
    await toFollowers(
      new Delete({
        id: activityId(c.s.origin, 'delete', `/moments/${id}`),
        actor: c.ids.actor,
        to: new URL('https://www.w3.org/ns/activitystreams#Public'),
        object: new Tombstone({ id: new URL(momentPath(id), c.s.origin) }),
      }),
    );
  };

  const onOwnerReply = async (comment: {
    id: number;
    content: string;
    createdAt: number;
    isOwner: boolean;
  }) => {
    if (!comment.isOwner) return;
    const parent = await deps.remote.remoteParentOf(comment.id);
    if (parent?.source !== 'fediverse') return;
    const c = await contextOf();
    if (!c) return;
    const mention = parent.authorUrl ? new URL(parent.authorUrl) : null;
    const note = replyNote(comment, new URL(parent.remoteId), mention, c.s.origin, c.ids.actor);
    const create = new Create({
      id: activityId(c.s.origin, 'create', commentPath(comment.id)),
      actor: c.ids.actor,
      to: new URL('https://www.w3.org/ns/activitystreams#Public'),
      ccs: mention ? [mention, c.ids.followers] : [c.ids.followers],
      object: note,
    });
    if (mention) {
      const author = await c.ctx.lookupObject(mention).catch(() => null);
      if (isActor(author) && author.id && author.inboxId) {
        await c.ctx.sendActivity({ identifier: OWNER }, author, create);
      }
    }
    await toFollowers(create);
  };

  return async (event: SiteEvent): Promise<void> => {
    try {
      switch (event.type) {
        case 'essay.published':
          return await onEssay(event.data, 'create');
        case 'essay.updated':
          return await onEssay(event.data, 'update');
        case 'essay.deleted':
          return await onEssayDeleted(event.data.id);
        case 'moment.posted':
          return await onMoment(event.data, 'create');
        case 'moment.updated':
          return await onMoment(event.data, 'update');
        case 'moment.deleted':
          return await onMomentDeleted(event.data.id);
        case 'comment.posted':
          return await onOwnerReply(event.data);
        case 'comment.held':
          return;
      }
    } catch (error) {
      // A failure to queue is logged; the owner's write has happened and stands.
      logger.error({ err: error, event: event.type }, 'federation: activity not queued');
    }
  };
};
