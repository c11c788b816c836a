import type { MetaRepo } from './repo.ts';

/** Owner-editable strings grouped by purpose (site switches, footer tags, banned words …). */
export const createMetaService = (repo: MetaRepo, now: () => number = Date.now) => ({
  get: (group: string, key: string) => repo.find(group, key),

  async flag(group: string, key: string): Promise<boolean> {
    return (await repo.find(group, key)) === 'true';
  },

  set: (group: string, key: string, value: string) => repo.put(group, key, value, now()),
});

export type MetaService = ReturnType<typeof createMetaService>;
