import type { FastifyInstance, FastifyRequest } from 'fastify';
import { callerLanguage } from '../../http/pageLanguage.ts';
import { serverText } from '../../i18n/serverText.ts';
import type { ReceivedActivity, ReceivedActivitySource } from '../comments/activity.ts';
import type { EmotesService } from '../emotes/service.ts';
import { originOf } from '../oauth/protocol.ts';
import { type MastodonDeps, requestView } from './context.ts';
import { limitOf, setLinkHeader } from './paging.ts';
import type { PresentedStatus } from './present.ts';
import { statusIdOf } from './statusIds.ts';
import { plainTextHtml } from './text.ts';

/** Mastodon's notification types for what the site receives. */
const typeOf = (activity: ReceivedActivity) =>
  activity.kind === 'comment' ? 'mention' : activity.kind === 'like' ? 'favourite' : 'reblog';

/** A notification's id: its time and its kind, so paging by id is paging by time. */
const notificationIdOf = (activity: ReceivedActivity) =>
  String(activity.createdAt * 2 + (activity.kind === 'comment' ? 0 : 1));

/** A remote person as an account: no id of ours, so one made from the row (never looked up). */
const remoteAccount = (activity: ReceivedActivity, origin: string, anonymous: string) => {
  const url = activity.authorUrl ?? `${origin}/about`;
  const name = activity.name || anonymous;
  const avatar = (activity.kind === 'comment' && activity.avatarUrl) || `${origin}/icon-192.png`;
  return {
    id: String(1_000_000_000 + activity.id * 4 + (activity.kind === 'comment' ? 0 : 1)),
    username: name,
    acct:
      activity.source === 'visitor'
        ? name
        : `${name}@${activity.authorUrl ? new URL(activity.authorUrl).host : 'web'}`,
    display_name: name,
    url,
    uri: url,
    avatar,
    avatar_static: avatar,
    header: '',
    header_static: '',
    note: '',
    locked: false,
    bot: false,
    group: false,
    created_at: new Date(activity.createdAt).toISOString(),
    followers_count: 0,
    following_count: 0,
    statuses_count: 0,
    last_status_at: null,
    emojis: [],
    fields: [],
  };
};

const filterOf = (query: Record<string, unknown>, name: string): string[] | null => {
  const value = query[name] ?? query[`${name}[]`];
  return value === undefined ? null : (Array.isArray(value) ? value : [value]).map(String);
};

/**
 * Notifications (issue 42): the comments, fediverse replies and Webmentions, likes and boosts the
 * site received, newest first. A comment is a `mention` whose status is the comment; a like or a
 * boost names the moment or essay it was for (one on the about page has no status: left out).
 * Custom emojis are the site's image emotes.
 */
export const notificationRoutes = (
  scope: FastifyInstance,
  deps: MastodonDeps,
  received: ReceivedActivitySource,
  emotes: Pick<EmotesService, 'list'>,
): void => {
  const { grant, posts } = deps;
  const targetStatus = async (
    activity: ReceivedActivity,
    view: Awaited<ReturnType<typeof requestView>>,
  ): Promise<PresentedStatus | null> => {
    if (activity.targetType !== 'moment' && activity.targetType !== 'essay') return null;
    const post = await posts.find({ kind: activity.targetType, id: activity.targetId }).catch(() => null);
    return post ? view.status(post) : null;
  };
  const present = async (
    activity: ReceivedActivity,
    view: Awaited<ReturnType<typeof requestView>>,
    origin: string,
    anonymous: string,
  ) => {
    const account = remoteAccount(activity, origin, anonymous);
    const target = await targetStatus(activity, view);
    const status =
      activity.kind === 'comment'
        ? {
            ...(target ?? view.blank(activity.createdAt)),
            id: statusIdOf({ kind: 'comment', id: activity.id }),
            created_at: new Date(activity.createdAt).toISOString(),
            edited_at: null,
            account,
            content: plainTextHtml(activity.content),
            in_reply_to_id: target?.id ?? null,
            in_reply_to_account_id: target ? target.account.id : null,
            visibility: 'public',
            media_attachments: [],
            mentions: [
              {
                id: view.profile.username,
                username: view.profile.username,
                acct: view.profile.username,
                url: `${origin}/about`,
              },
            ],
          }
        : target;
    if (!status) return null;
    return {
      id: notificationIdOf(activity),
      type: typeOf(activity),
      created_at: new Date(activity.createdAt).toISOString(),
      group_key: `ungrouped-${notificationIdOf(activity)}`,
      account,
      status,
    };
  };

  scope.get('/api/v1/notifications', async (req: FastifyRequest, reply) => {
    await grant(req, 'read:notifications');
    const query = req.query as Record<string, unknown>;
    const limit = limitOf(query, 15, 30);
    const types = filterOf(query, 'types');
    const excluded = filterOf(query, 'exclude_types') ?? [];
    const maxId = Number(query.max_id);
    const before = Number.isInteger(maxId) && maxId > 0 ? Math.floor(maxId / 2) : undefined;
    const origin = originOf(req);
    const view = await requestView(deps, req);
    // The name of an author who gave none, in the app's language.
    const anonymous = serverText(callerLanguage(req), 'comments.anonymous');
    const wanted = (type: string) => (types === null || types.includes(type)) && !excluded.includes(type);
    const activities = (await received.recent(before, limit)).filter((a) => wanted(typeOf(a)));
    const page = (await Promise.all(activities.map((a) => present(a, view, origin, anonymous)))).filter(
      (n) => n !== null,
    );
    const first = page[0];
    const last = page.at(-1);
    setLinkHeader(req, reply, origin, first && last ? { first: first.id, last: last.id } : null);
    return page;
  });
  scope.get('/api/v1/notifications/unread_count', async (req) => {
    await grant(req, 'read:notifications');
    return { count: 0 };
  });
  scope.post('/api/v1/notifications/clear', async (req) => {
    await grant(req, 'write:notifications');
    return {};
  });

  scope.get('/api/v1/custom_emojis', async (req) => {
    const origin = originOf(req);
    return (await emotes.list())
      .filter((emote) => emote.type === 'image')
      .map((emote) => {
        const url = emote.value.startsWith('/') ? `${origin}${emote.value}` : emote.value;
        return {
          shortcode: emote.code.replace(/[^\p{L}\p{N}_]/gu, '_').replace(/^_+|_+$/g, '') || 'emote',
          url,
          static_url: url,
          visible_in_picker: true,
          category: emote.group || null,
        };
      });
  });
};
