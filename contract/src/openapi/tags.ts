/** The document's tags: one a domain, in the order the reference lists them. */
export const tags = {
  system: 'Handshake, version and the server state.',
  auth: 'Owner login and the security page.',
  essays: 'Essays and their reservations.',
  articles: 'Articles; article 1 is the about page.',
  revisions: 'Saved versions and autosaved drafts of essays and the about page.',
  links: 'Friend links.',
  hitokoto: 'Quotes.',
  bangumi: 'The anime list and Bangumi look-ups.',
  waifu: 'The waifu gallery (dark mode).',
  moments: 'The moments feed (dark mode).',
  comments: 'Visitor comments on essays and the about page.',
  newsletter:
    'Readers by e-mail: double opt-in subscriptions, one-click unsubscribe, and the owner’s subscriber list and delivery reports.',
  music: 'The music proxy.',
  emotes: 'Emotes for comments.',
  videos: 'Video clips and collections.',
  media: 'Image uploads.',
  dashboard: 'The back office home and the full export.',
  health: 'Liveness and readiness.',
  docs: 'This document.',
  jobs: 'Scheduled jobs.',
  todos: 'The owner to-do list.',
  meta: 'Meta strings and the public site settings.',
  insight: 'Analytics, home network devices and the map service.',
  log: 'The server log.',
  push: 'Message push to the owner.',
  files: 'The content repository, protected assets and temporary blobs.',
  importers: 'Moving in: imports from WordPress and other platforms, and the old addresses they keep alive.',
  federation:
    'The owner’s ActivityPub actor (Fedify): settings, followers, blocks and deliveries. WebFinger, NodeInfo, the actor, inbox and outbox are Fedify’s own routes outside the API.',
  webhooks: 'Signed webhooks (Standard Webhooks) to the owner’s endpoints, and their delivery log.',
  webmention:
    'Webmention (W3C): our receiving endpoint; a source that links to one of our essays becomes a reaction under it.',
  tokens: 'API tokens: `Authorization: Bearer cj_…` acts for the owner within the token’s scope.',
} as const;

export type Tag = keyof typeof tags;
