import {
  Accept,
  Announce,
  Create,
  Delete,
  type Federation,
  Flag,
  Follow,
  type InboxContext,
  Like,
  Note,
  Reject,
  Undo,
  Update,
} from '@fedify/fedify';
import type { Logger } from 'pino';
import { type Message, said } from '../../i18n/said.ts';
import type { RemoteComments, RemoteTarget } from '../comments/remote.ts';
import { OWNER } from './objects.ts';
import type { FederationRepo } from './repo.ts';
import type { FederationSettingsStore } from './settings.ts';
import { isBlockedBy, localObjectOf } from './targets.ts';

export interface InboxDeps {
  repo: FederationRepo;
  settings: FederationSettingsStore;
  remote: RemoteComments;
  /** Finds the essay or moment one of our comments stands under. */
  commentTarget(commentId: number): Promise<RemoteTarget | null>;
  notifyOwner(title: Message, body: Message, url: string): void;
  logger: Logger;
  now: () => number;
}

const textOf = (value: unknown): string => (value == null ? '' : String(value));

/**
 * What the owner's inbox does with each activity (issue 29.3). Blocked actors and domains were
 * refused before (mount.ts answers them 403); a block made since is checked again here.
 */
export const setInboxListeners = (federation: Federation<void>, deps: InboxDeps) => {
  const { repo, remote, logger } = deps;
  const origin = (ctx: InboxContext<void>) => ctx.origin;

  const blocked = async (actor: URL | null) =>
    actor === null ||
    isBlockedBy(
      (await repo.blocks()).map((b) => b.target),
      actor,
    );

  /** The essay or moment an id of ours names (directly, or through one of our comments). */
  const targetOf = async (ctx: InboxContext<void>, id: URL | null) => {
    const local = localObjectOf(id, origin(ctx));
    if (!local) return null;
    if (local.kind === 'target') return { target: local.target, parentId: undefined };
    const target = await deps.commentTarget(local.commentId);
    return target ? { target, parentId: local.commentId } : null;
  };

  const nameOf = async (ctx: InboxContext<void>, activity: { getActor(o: unknown): Promise<unknown> }) => {
    const actor = (await activity.getActor(ctx)) as {
      name?: unknown;
      preferredUsername?: unknown;
      getIcon?: (o: unknown) => Promise<{ url?: unknown } | null>;
    } | null;
    const icon = actor?.getIcon ? await actor.getIcon(ctx).catch(() => null) : null;
    const iconUrl = icon?.url instanceof URL ? icon.url.href : null;
    return { name: textOf(actor?.name) || textOf(actor?.preferredUsername), avatar: iconUrl };
  };

  federation
    .setInboxListeners('/ap/users/{identifier}/inbox', '/ap/inbox')
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.actorId || follow.objectId?.href !== ctx.getActorUri(OWNER).href) return;
      if (await blocked(follow.actorId)) return;
      const follower = await follow.getActor(ctx);
      if (!follower?.id || !follower.inboxId) return;
      const settings = await deps.settings.load();
      const handle = `@${textOf(follower.preferredUsername)}@${follower.id.host}`;
      await repo.upsertFollower({
        actor_url: follower.id.href,
        inbox: follower.inboxId.href,
        shared_inbox: follower.endpoints?.sharedInbox?.href ?? null,
        handle,
        name: textOf(follower.name) || handle,
        follow_id: follow.id.href,
        status: settings.manualApproval ? 'pending' : 'accepted',
        created_at: deps.now(),
      });
      if (!settings.manualApproval) {
        await ctx.sendActivity(
          { identifier: OWNER },
          follower,
          new Accept({ actor: follow.objectId, object: follow }),
        );
      }
      deps.notifyOwner(
        said(settings.manualApproval ? 'federation.followRequest' : 'federation.newFollower', { handle }),
        textOf(follower.name) || handle,
        '/great-old-one/federation',
      );
    })
    .on(Undo, async (ctx, undo) => {
      const object = await undo.getObject(ctx);
      if (object instanceof Follow && undo.actorId) {
        await repo.removeFollower(undo.actorId.href);
      } else if ((object instanceof Like || object instanceof Announce) && object.id) {
        if (object.actorId?.href === undo.actorId?.href) await remote.removeReaction(object.id.href);
      } else if (undo.objectId) {
        await remote.removeReaction(undo.objectId.href);
      }
    })
    .on(Like, async (ctx, like) => reaction(ctx, like, 'like'))
    .on(Announce, async (ctx, announce) => reaction(ctx, announce, 'repost'))
    .on(Create, async (ctx, create) => {
      const object = await create.getObject(ctx);
      if (!(object instanceof Note) || !object.id || !create.actorId) return;
      if (await blocked(create.actorId)) return;
      if (object.attributionId && object.attributionId.href !== create.actorId.href) return;
      const replyTo = object.replyTargetId;
      let found = await targetOf(ctx, replyTo);
      let parentRemoteId: string | undefined;
      if (!found && replyTo) {
        // A reply to a fediverse comment under one of our posts: it joins that thread.
        const parent = await remote.targetOfRemote(replyTo.href);
        if (parent) {
          found = { target: parent, parentId: undefined };
          parentRemoteId = replyTo.href;
        }
      }
      if (!found) return;
      const author = await nameOf(ctx, create);
      try {
        await remote.addComment({
          source: 'fediverse',
          remoteId: object.id.href,
          authorName: author.name || create.actorId.href,
          // The actor's id: Update and Delete are checked against it; it opens the profile in a browser.
          authorUrl: create.actorId.href,
          authorAvatar: author.avatar,
          html: textOf(object.content),
          ...found.target,
          parentId: found.parentId,
          parentRemoteId,
        });
      } catch (error) {
        logger.info({ err: error, object: object.id.href }, 'federation: reply not stored');
      }
    })
    .on(Update, async (ctx, update) => {
      const object = await update.getObject(ctx);
      if (!(object instanceof Note) || !object.id || !update.actorId) return;
      await remote.updateComment(object.id.href, textOf(object.content), update.actorId.href);
    })
    .on(Delete, async (_ctx, del) => {
      if (!del.objectId || !del.actorId) return;
      // The actor itself deleted: its follow goes too.
      if (del.objectId.href === del.actorId.href) await repo.removeFollower(del.actorId.href);
      await remote.removeComment(del.objectId.href, del.actorId.href);
    })
    .on(Flag, async (_ctx, flag) => {
      logger.warn(
        {
          actor: flag.actorId?.href,
          objects: flag.objectIds.map((id) => id.href),
          content: textOf(flag.content),
        },
        'federation: report (Flag) received',
      );
    })
    .on(Reject, async () => undefined)
    .onError((_ctx, error) => {
      logger.error({ err: error }, 'federation: inbox listener failed');
    });

  const reaction = async (ctx: InboxContext<void>, activity: Like | Announce, kind: 'like' | 'repost') => {
    if (!activity.id || !activity.actorId || (await blocked(activity.actorId))) return;
    const found = await targetOf(ctx, activity.objectId);
    if (!found) return;
    const author = await nameOf(ctx, activity);
    try {
      await remote.addReaction({
        kind,
        source: 'fediverse',
        remoteId: activity.id.href,
        actorUrl: activity.actorId.href,
        actorName: author.name,
        ...found.target,
      });
    } catch (error) {
      logger.info({ err: error, activity: activity.id.href }, 'federation: reaction not stored');
    }
  };
};
