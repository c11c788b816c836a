import type { webcrypto } from 'node:crypto';
import type { Language } from '@candy/contract/languages';
import { essayIdOfPath } from '@candy/contract/sitePaths';
import {
  Article,
  Create,
  createFederation,
  Endpoints,
  exportJwk,
  type Federation,
  generateCryptoKeyPair,
  Image,
  importJwk,
  type KvStore,
  type MessageQueue,
  Note,
  Person,
} from '@fedify/fedify';
import type { ArticlesService } from '../articles/service.ts';
import type { EssaysService } from '../essays/service.ts';
import type { MomentsService } from '../moments/service.ts';
import type { FederationLoaders } from './loaders.ts';
import { essayArticle, momentNote, OWNER, plainOf } from './objects.ts';
import type { FederationRepo } from './repo.ts';
import type { FederationSettingsStore } from './settings.ts';

export interface FederationDeps {
  kv: KvStore;
  queue: MessageQueue;
  /** Remote documents, keys and contexts through our outbound module (loaders.ts). */
  loaders: FederationLoaders;
  settings: FederationSettingsStore;
  repo: FederationRepo;
  essays: Pick<EssaysService, 'detail' | 'list' | 'countPublic'>;
  moments: Pick<MomentsService, 'find' | 'count'>;
  articles: Pick<ArticlesService, 'detail'>;
  /** A delivery that failed (each try), with the remote's answer. */
  onOutboxError: (error: Error, activity: { id: URL | null } | null) => void;
  now: () => number;
  /** The site's language (SITE_LANGUAGE). */
  language: Language;
}

/** The about page's first picture (the avatar) and first paragraph (the bio). */
const aboutOf = async (articles: FederationDeps['articles']) => {
  try {
    const about = await articles.detail(1);
    const picture = /!\[[^\]]*\]\(([^)\s]+)/.exec(about.content)?.[1] ?? null;
    const bio =
      plainOf(about.content)
        .split(/\n{2,}/)[0]
        ?.slice(0, 500) ?? '';
    return { picture, bio };
  } catch {
    return { picture: null, bio: '' };
  }
};

/**
 * The owner's ActivityPub actor on Fedify (issue 29): WebFinger, NodeInfo, the actor, its inbox,
 * outbox and followers, and the public essays (and moments, when the owner federates them) as
 * objects. Key-value store and queue are ours, in the database, shared by replicas.
 */
export const buildFederation = (deps: FederationDeps) => {
  const { settings, repo } = deps;
  const federation: Federation<void> = createFederation<void>({
    kv: deps.kv,
    queue: deps.queue,
    // Started by the module when there is work (and never by one-off commands).
    manuallyStartQueue: true,
    // Fetches go through our outbound module (its address policy); the user agent is set there.
    documentLoaderFactory: deps.loaders.documentLoaderFactory,
    contextLoaderFactory: deps.loaders.contextLoaderFactory,
    authenticatedDocumentLoaderFactory: deps.loaders.authenticatedDocumentLoaderFactory,
    onOutboxError: (error, activity) => deps.onOutboxError(error, activity),
  });

  const keyPairs = async () => {
    const json = await settings.keys(async () => {
      const rsa = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
      const ed = await generateCryptoKeyPair('Ed25519');
      const pair = async (p: webcrypto.CryptoKeyPair) => ({
        privateKey: await exportJwk(p.privateKey),
        publicKey: await exportJwk(p.publicKey),
      });
      return JSON.stringify([await pair(rsa), await pair(ed)]);
    });
    const stored = JSON.parse(json) as {
      privateKey: webcrypto.JsonWebKey;
      publicKey: webcrypto.JsonWebKey;
    }[];
    return Promise.all(
      stored.map(async (p) => ({
        privateKey: await importJwk(p.privateKey, 'private'),
        publicKey: await importJwk(p.publicKey, 'public'),
      })),
    );
  };

  federation
    .setActorDispatcher('/ap/users/{identifier}', async (ctx, identifier) => {
      if (identifier !== OWNER) return null;
      const s = await settings.load();
      const about = await aboutOf(deps.articles);
      const keys = await ctx.getActorKeyPairs(identifier);
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: s.handle,
        name: s.displayName || s.handle,
        summary: about.bio || null,
        icon: about.picture ? new Image({ url: new URL(about.picture, ctx.origin) }) : null,
        url: new URL('/', ctx.origin),
        inbox: ctx.getInboxUri(identifier),
        outbox: ctx.getOutboxUri(identifier),
        followers: ctx.getFollowersUri(identifier),
        following: ctx.getFollowingUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        manuallyApprovesFollowers: s.manualApproval,
        publicKey: keys[0]?.cryptographicKey ?? null,
        assertionMethods: keys.map((k) => k.multikey),
      });
    })
    .mapHandle(async (_ctx, username) => {
      const s = await settings.load();
      return username.toLowerCase() === s.handle.toLowerCase() ? OWNER : null;
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => (identifier === OWNER ? keyPairs() : []));

  federation
    .setFollowersDispatcher('/ap/users/{identifier}/followers', async (_ctx, identifier) => {
      if (identifier !== OWNER) return null;
      const rows = await repo.followers('accepted');
      return {
        items: rows.map((row) => ({
          id: new URL(row.actor_url),
          inboxId: new URL(row.inbox),
          endpoints: row.shared_inbox ? { sharedInbox: new URL(row.shared_inbox) } : null,
        })),
      };
    })
    .setCounter(async () => repo.countFollowers());

  // The owner follows no one from here (issue 40.6): the collection exists, stays empty, and says so.
  federation
    .setFollowingDispatcher('/ap/users/{identifier}/following', async (_ctx, identifier) =>
      identifier === OWNER ? { items: [] } : null,
    )
    .setCounter(() => 0);

  federation.setOutboxDispatcher('/ap/users/{identifier}/outbox', async (ctx, identifier) => {
    if (identifier !== OWNER) return null;
    const page = await deps.essays.list({}, false);
    const ids = { actor: ctx.getActorUri(OWNER), followers: ctx.getFollowersUri(OWNER) };
    return {
      items: page.list.map(
        (essay) =>
          new Create({
            id: new URL(`/ap/activities/create/essay/${essay.id}`, ctx.origin),
            actor: ids.actor,
            object: essayArticle(essay, ctx.origin, ids),
          }),
      ),
    };
  });

  federation.setObjectDispatcher(Article, '/chaos/{id}', async (ctx, { id }) => {
    const essayId = essayIdOfPath(`/chaos/${id}`);
    if (essayId === null) return null;
    try {
      const essay = await deps.essays.detail(essayId, false);
      return essayArticle(essay, ctx.origin, {
        actor: ctx.getActorUri(OWNER),
        followers: ctx.getFollowersUri(OWNER),
      });
    } catch {
      return null;
    }
  });

  federation.setObjectDispatcher(Note, '/ap/moments/{id}', async (ctx, { id }) => {
    if (!(await settings.load()).federateMoments) return null;
    const moment = await deps.moments.find(Number(id));
    return moment
      ? momentNote(
          moment,
          ctx.origin,
          { actor: ctx.getActorUri(OWNER), followers: ctx.getFollowersUri(OWNER) },
          deps.language,
        )
      : null;
  });

  // localPosts: what a visitor can read and the fediverse can fetch — the public essays, and the
  // moments when the owner federates them (docs/decisions.md, issue 40.6).
  federation.setNodeInfoDispatcher('/nodeinfo/2.1', async () => {
    const moments = (await settings.load()).federateMoments ? await deps.moments.count() : 0;
    return {
      software: { name: 'candy-jar', version: { major: 1, minor: 0, patch: 0 } },
      protocols: ['activitypub'],
      usage: {
        users: { total: 1, activeMonth: 1, activeHalfyear: 1 },
        localPosts: (await deps.essays.countPublic()) + moments,
        localComments: 0,
      },
    };
  });

  return federation;
};
