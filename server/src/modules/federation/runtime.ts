import type { Language } from '@candy/contract/languages';
import { Accept, exportJwk, Follow, type KvStore, Reject, verifyRequest } from '@fedify/fedify';
import type { Logger } from 'pino';
import type { Message } from '../../i18n/said.ts';
import type { Outbound } from '../../net/outbound.ts';
import type { ArticlesService } from '../articles/service.ts';
import type { RemoteComments, RemoteTarget } from '../comments/remote.ts';
import type { EssaysService } from '../essays/service.ts';
import type { MomentsService } from '../moments/service.ts';
import type { MessageKeys } from './deliveries.ts';
import { buildFederation } from './federation.ts';
import { setInboxListeners } from './inbox.ts';
import { createFederationLoaders } from './loaders.ts';
import type { FederationQueue } from './messageQueue.ts';
import { OWNER } from './objects.ts';
import { createOutbox } from './outbox.ts';
import type { FederationRepo, FollowerRow } from './repo.ts';
import type { FederationSettingsStore } from './settings.ts';

export interface RuntimeDeps {
  kv: KvStore;
  queue: FederationQueue;
  outbound: Pick<Outbound, 'fetch'>;
  settings: FederationSettingsStore;
  repo: FederationRepo;
  essays: Pick<EssaysService, 'detail' | 'list' | 'countPublic'>;
  moments: Pick<MomentsService, 'find' | 'count'>;
  articles: Pick<ArticlesService, 'detail'>;
  remote: RemoteComments;
  /** A delivery's try failed (the delivery log records it: deliveries.ts). */
  onDeliveryError: (error: Error, activityId: string | null) => void;
  notifyOwner: (title: Message, body: Message, url: string) => void;
  commentTarget: (commentId: number) => Promise<RemoteTarget | null>;
  logger: Logger;
  now: () => number;
  /** The site's language (SITE_LANGUAGE): what it publishes is written in it. */
  language: Language;
}

/**
 * Everything that needs Fedify, in one module that index.ts imports on first need (a request to
 * Fedify's paths, an activity to send, the queue's worker): Fedify is a large library and most
 * starts of the server — and every test app — never use it.
 */
export const createFederationRuntime = (deps: RuntimeDeps) => {
  const { settings, logger } = deps;
  const loaders = createFederationLoaders(deps.outbound, deps.kv);
  const federation = buildFederation({
    kv: deps.kv,
    queue: deps.queue,
    loaders,
    settings,
    repo: deps.repo,
    essays: deps.essays,
    moments: deps.moments,
    articles: deps.articles,
    onOutboxError: (error, activity) => deps.onDeliveryError(error, activity?.id?.href ?? null),
    now: deps.now,
    language: deps.language,
  });
  setInboxListeners(federation, {
    repo: deps.repo,
    settings,
    remote: deps.remote,
    commentTarget: deps.commentTarget,
    notifyOwner: deps.notifyOwner,
    logger,
    now: deps.now,
  });
  const outbox = createOutbox({
    federation,
    settings,
    remote: deps.remote,
    logger,
    now: deps.now,
    language: deps.language,
  });

  return {
    federation,
    outbox,

    async verifySignature(request: Request): Promise<boolean> {
      const key = await verifyRequest(request, {
        documentLoader: loaders.documentLoader,
        contextLoader: loaders.documentLoader,
      });
      return key !== null;
    },

    /** Answers a follower's Follow (Accept or Reject), signed by the owner, through the queue. */
    async answerFollow(row: FollowerRow, verdict: 'accept' | 'reject'): Promise<void> {
      const s = await settings.load();
      if (!s.origin) return;
      const ctx = federation.createContext(new URL(s.origin));
      const me = ctx.getActorUri(OWNER);
      const follow = new Follow({ id: new URL(row.follow_id), actor: new URL(row.actor_url), object: me });
      const recipient = { id: new URL(row.actor_url), inboxId: new URL(row.inbox) };
      const Verdict = verdict === 'accept' ? Accept : Reject;
      await ctx.sendActivity({ identifier: OWNER }, recipient, new Verdict({ actor: me, object: follow }));
    },

    /** The owner's signing keys as an outbox message carries them (a retried delivery gets today's). */
    async signingKeys(baseUrl: string): Promise<MessageKeys> {
      const pairs = await federation.createContext(new URL(baseUrl)).getActorKeyPairs(OWNER);
      return Promise.all(
        pairs.map(async (pair) => ({ keyId: pair.keyId.href, privateKey: await exportJwk(pair.privateKey) })),
      );
    },

    startQueue: (signal: AbortSignal): Promise<void> => federation.startQueue(undefined, { signal }),
  };
};

export type FederationRuntime = ReturnType<typeof createFederationRuntime>;
