import type { Migration } from 'kysely';
import * as core from './0001_core.ts';
import * as content from './0002_content.ts';

/** Every migration, in order. Add new ones at the end; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '0001_core': core,
  '0002_content': content,
};
