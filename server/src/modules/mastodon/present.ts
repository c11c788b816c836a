import { essayPath } from '@candy/contract/sitePaths';
import type { DescribedPicture } from '../images/service.ts';
import type { Post } from './posts.ts';
import { statusIdOf } from './statusIds.ts';
import { plainTextHtml } from './text.ts';

/** Who the account is, read once per request. */
export interface Profile {
  origin: string;
  username: string;
  displayName: string;
  siteTitle: string;
  /** Moments federate (the owner's setting): their statuses are `unlisted`, else `private`. */
  momentsFederate: boolean;
  statusesCount: number;
  /** The owner's account exists since the first migration; its first post's time will do. */
  createdAt: number;
}

/** The one account there is: the owner's, id `1`. */
export const OWNER_ACCOUNT_ID = '1';

const iso = (ms: number) => new Date(ms).toISOString();
const dayOf = (ms: number) => iso(ms).slice(0, 10);

export const presentAccount = (profile: Profile) => {
  const avatar = `${profile.origin}/icon-512.png`;
  return {
    id: OWNER_ACCOUNT_ID,
    username: profile.username,
    acct: profile.username,
    display_name: profile.displayName || profile.siteTitle,
    locked: false,
    bot: false,
    discoverable: false,
    indexable: false,
    group: false,
    created_at: iso(profile.createdAt),
    note: `<p>${profile.siteTitle}</p>`,
    url: `${profile.origin}/about`,
    uri: `${profile.origin}/about`,
    avatar,
    avatar_static: avatar,
    header: `${profile.origin}/icon-512.png`,
    header_static: `${profile.origin}/icon-512.png`,
    followers_count: 0,
    following_count: 0,
    statuses_count: profile.statusesCount,
    last_status_at: dayOf(Date.now()),
    hide_collections: true,
    emojis: [],
    fields: [],
    roles: [],
  };
};

/** `verify_credentials` adds what only the owner sees: the defaults apps post with. */
export const presentCredentialAccount = (profile: Profile) => ({
  ...presentAccount(profile),
  // Apps post with this visibility unless the owner picks another: a moment, not an essay.
  source: {
    privacy: 'private',
    sensitive: false,
    language: 'zh',
    note: profile.siteTitle,
    fields: [],
    follow_requests_count: 0,
  },
  role: { id: '-99', name: '', permissions: '0', color: '', highlighted: false },
});

export const presentMedia = (
  picture: Pick<DescribedPicture, 'id' | 'url' | 'width' | 'height' | 'alt'>,
  origin: string,
) => {
  const url = picture.url.startsWith('/') ? `${origin}${picture.url}` : picture.url;
  const size = {
    width: picture.width,
    height: picture.height,
    size: `${picture.width}x${picture.height}`,
    aspect: picture.width / Math.max(1, picture.height),
  };
  return {
    id: String(picture.id),
    type: 'image',
    url,
    preview_url: url,
    remote_url: null,
    text_url: null,
    meta: { original: size, small: size },
    description: picture.alt,
    blurhash: null,
  };
};

const visibilityOf = (post: Post, profile: Profile) =>
  post.ref.kind === 'essay' ? 'public' : profile.momentsFederate ? 'unlisted' : 'private';

/** A moment or an essay as a Mastodon status; `html` is the essay's Markdown made safe, or null. */
export const presentStatus = (post: Post, profile: Profile, html: string | null, withText = false) => {
  const url =
    post.ref.kind === 'essay' ? `${profile.origin}${essayPath(post.ref.id)}` : `${profile.origin}/moments`;
  return {
    id: statusIdOf(post.ref),
    uri: url,
    url,
    created_at: iso(post.createdAt),
    edited_at: post.updatedAt > post.createdAt ? iso(post.updatedAt) : null,
    account: presentAccount(profile),
    content: html ?? plainTextHtml(post.content),
    ...(withText ? { text: post.content } : {}),
    visibility: visibilityOf(post, profile),
    sensitive: false,
    spoiler_text: '',
    language: 'zh',
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    reblog: null,
    application: null,
    media_attachments: post.pictures.map((picture) => presentMedia(picture, profile.origin)),
    mentions: [],
    tags: [],
    emojis: [],
    card: null,
    poll: null,
    replies_count: 0,
    reblogs_count: 0,
    favourites_count: 0,
    favourited: false,
    reblogged: false,
    muted: false,
    bookmarked: false,
    pinned: false,
    filtered: [],
  };
};

export type PresentedStatus = ReturnType<typeof presentStatus>;
