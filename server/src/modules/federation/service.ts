import type { FederationOverview, FederationSettings } from '@candy/contract/calls/federation';
import type { RemoteComments } from '../comments/remote.ts';
import type { FederationRepo, FollowerRow } from './repo.ts';
import type { FederationSettingsStore } from './settings.ts';

export interface FederationServiceDeps {
  settings: FederationSettingsStore;
  repo: FederationRepo;
  remote: Pick<RemoteComments, 'removeByAuthorPrefix'>;
  /** Answers a follower's Follow, signed by the owner, through the queue (loads Fedify). */
  answerFollow: (row: FollowerRow, verdict: 'accept' | 'reject') => Promise<void>;
  queued: () => Promise<number>;
  now: () => number;
}

const presentFollower = (row: FollowerRow) => ({
  actorUrl: row.actor_url,
  handle: row.handle,
  name: row.name,
  status: row.status,
  createdAt: Number(row.created_at),
});

/** The owner's side of federation (issue 29.5): settings, follow requests, blocks, the queue. */
export const createFederationService = (deps: FederationServiceDeps) => {
  const { repo, settings } = deps;

  const answer = async (row: FollowerRow, verdict: 'accept' | 'reject') => {
    if (!(await settings.load()).origin) return;
    await deps.answerFollow(row, verdict);
  };

  return {
    settings: (): Promise<FederationSettings> => settings.load(),
    async saveSettings(next: FederationSettings): Promise<FederationSettings> {
      await settings.save({ ...next, origin: next.origin.replace(/\/+$/, '') });
      return settings.load();
    },

    async overview(): Promise<FederationOverview> {
      const [s, followers, requests, blocks, failed, queued] = await Promise.all([
        settings.load(),
        repo.followers('accepted'),
        repo.followers('pending'),
        repo.blocks(),
        repo.countFailedDeliveries(),
        deps.queued(),
      ]);
      return {
        account: s.origin ? `@${s.handle}@${new URL(s.origin).host}` : '',
        followers: followers.map(presentFollower),
        requests: requests.map(presentFollower),
        blocks: blocks.map((b) => ({ target: b.target, createdAt: Number(b.created_at) })),
        failed,
        queued,
      };
    },

    async follower(actorUrl: string, action: 'accept' | 'reject' | 'remove'): Promise<{ ok: boolean }> {
      const row = await repo.findFollower(actorUrl);
      if (!row) return { ok: false };
      if (action === 'accept') {
        await repo.setFollowerStatus(actorUrl, 'accepted');
        await answer(row, 'accept');
      } else {
        await repo.removeFollower(actorUrl);
        await answer(row, 'reject');
      }
      return { ok: true };
    },

    /** Blocks an actor or a domain: their activities are refused from now on, and what they left goes. */
    async block(target: string) {
      await repo.addBlock(target, deps.now());
      // A domain's actors, on any port (a subdomain's are refused from now on, but not swept here).
      const prefixes = /^https?:\/\//.test(target)
        ? [target]
        : ['https', 'http'].flatMap((scheme) => [`${scheme}://${target}/`, `${scheme}://${target}:`]);
      let comments = 0;
      let reactions = 0;
      for (const prefix of prefixes) {
        const removed = await deps.remote.removeByAuthorPrefix(prefix);
        comments += removed.comments;
        reactions += removed.reactions;
      }
      for (const row of await repo.followers('accepted')) {
        const host = new URL(row.actor_url).hostname;
        if (row.actor_url === target || host === target || host.endsWith(`.${target}`))
          await repo.removeFollower(row.actor_url);
      }
      return { comments, reactions };
    },

    async unblock(target: string): Promise<{ ok: boolean }> {
      await repo.removeBlock(target);
      return { ok: true };
    },

    blockList: async (): Promise<string[]> => (await repo.blocks()).map((b) => b.target),
  };
};

export type FederationService = ReturnType<typeof createFederationService>;
