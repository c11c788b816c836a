import type { FriendLink, LinkState } from '@candy/contract/calls/links';
import type { LinkRepo } from './repo.ts';

/** Unknown states (a hand-edited row) read as normal rather than breaking the footer. */
const stateOf = (state: number): LinkState => (state === 2 || state === 3 ? state : 1);

export const createLinksService = (repo: LinkRepo) => ({
  async list(): Promise<FriendLink[]> {
    return (await repo.all()).map((row) => ({
      id: row.id,
      name: row.name,
      url: row.url,
      avatar: row.avatar,
      description: row.description,
      state: stateOf(row.state),
    }));
  },
});

export type LinksService = ReturnType<typeof createLinksService>;
