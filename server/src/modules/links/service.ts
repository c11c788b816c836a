import type { FriendLink, LinkInput, LinkPatch, LinkState } from '@candy/contract/calls/links';
import type { Selectable } from 'kysely';
import type { z } from 'zod';
import type { LinkTable } from '../../db/schema.ts';
import { notFound } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import type { LinkRepo } from './repo.ts';

/** Unknown states (a hand-edited row) read as normal rather than breaking the footer. */
const stateOf = (state: number): LinkState => (state === 2 || state === 3 ? state : 1);

const present = (row: Selectable<LinkTable>): FriendLink => ({
  id: row.id,
  name: row.name,
  url: row.url,
  avatar: row.avatar,
  description: row.description,
  state: stateOf(row.state),
});

export const createLinksService = (repo: LinkRepo, now: () => number = Date.now) => {
  const get = async (id: number): Promise<FriendLink> => {
    const row = await repo.find(id);
    if (!row) throw notFound(said('error.links.notFound'));
    return present(row);
  };
  return {
    async list(): Promise<FriendLink[]> {
      return (await repo.all()).map(present);
    },

    async create(input: z.output<typeof LinkInput>): Promise<FriendLink> {
      const id = await repo.insert({ ...input, sort_order: await repo.nextOrder(), created_at: now() });
      return get(id);
    },

    async update(id: number, patch: z.output<typeof LinkPatch>): Promise<FriendLink> {
      await get(id);
      const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
      // A hand-set state starts the health counter over (the link-health job sets it too).
      if (Object.keys(changes).length > 0) await repo.update(id, { ...changes, fail_count: 0 });
      return get(id);
    },

    async remove(id: number): Promise<{ id: number }> {
      if (!(await repo.remove(id))) throw notFound(said('error.links.notFound'));
      return { id };
    },
  };
};

export type LinksService = ReturnType<typeof createLinksService>;
