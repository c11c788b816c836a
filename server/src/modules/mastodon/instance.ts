import { type Profile, presentAccount } from './present.ts';

/** What the site can take: Mastodon's limits, shaped by ours (a moment holds 9 pictures, 5000 characters). */
const limits = {
  statuses: { max_characters: 5000, max_media_attachments: 9, characters_reserved_per_url: 23 },
  media_attachments: {
    supported_mime_types: ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif'],
    image_size_limit: 50 * 1024 * 1024,
    image_matrix_limit: 16_777_216,
    video_size_limit: 0,
    video_frame_rate_limit: 0,
    video_matrix_limit: 0,
    description_limit: 1500,
  },
  polls: { max_options: 0, max_characters_per_option: 0, min_expiration: 0, max_expiration: 0 },
};

/**
 * Apps read the version to choose features. 4.2: from 4.3 on, web apps (Phanpy, Elk) ask for grouped
 * notifications (`/api/v2/notifications`), which the site does not have; at 4.2 they read `/api/v1`.
 */
const VERSION = '4.2.0 (compatible; Candy Jar)';

export const instanceV1 = (profile: Profile) => ({
  uri: new URL(profile.origin).host,
  title: profile.siteTitle,
  short_description: profile.siteTitle,
  description: profile.siteTitle,
  email: '',
  version: VERSION,
  urls: { streaming_api: '' },
  stats: { user_count: 1, status_count: profile.statusesCount, domain_count: 0 },
  thumbnail: `${profile.origin}/icon-512.png`,
  languages: ['zh'],
  registrations: false,
  approval_required: false,
  invites_enabled: false,
  configuration: limits,
  contact_account: presentAccount(profile),
  rules: [],
});

export const instanceV2 = (profile: Profile) => ({
  domain: new URL(profile.origin).host,
  title: profile.siteTitle,
  version: VERSION,
  source_url: 'https://github.com/',
  description: profile.siteTitle,
  usage: { users: { active_month: 1 } },
  thumbnail: { url: `${profile.origin}/icon-512.png` },
  icon: [{ src: `${profile.origin}/icon-192.png`, size: '192x192' }],
  languages: ['zh'],
  configuration: {
    urls: { streaming: '', status: null },
    vapid: { public_key: '' },
    accounts: { max_featured_tags: 0, max_pinned_statuses: 0 },
    translation: { enabled: false },
    ...limits,
  },
  registrations: { enabled: false, approval_required: false, message: null },
  api_versions: { mastodon: 2 },
  contact: { email: '', account: presentAccount(profile) },
  rules: [],
});
