import type { ImportParser, ImportPlatform } from '../types.ts';
import { parseWordpress } from './wordpress.ts';

/** Platform → its parser. The other platforms' parsers are registered here as they arrive. */
export const parsers: Partial<Record<ImportPlatform, ImportParser>> = {
  wordpress: parseWordpress,
};
