import type { Waifu } from '@candy/contract/calls/waifu';
import type { WaifuRepo } from './repo.ts';

export const createWaifuService = (repo: WaifuRepo) => ({
  list: (): Promise<Waifu[]> => repo.all(),
});

export type WaifuService = ReturnType<typeof createWaifuService>;
