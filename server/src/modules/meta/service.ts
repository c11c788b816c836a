import {
  FooterTag,
  HIDDEN_META_VALUE,
  internalMetaOf,
  type MetaString,
  metaValueProblem,
  type SiteSettings,
} from '@candy/contract/calls/meta';
import type { Selectable } from 'kysely';
import * as z from 'zod';
import type { MetaStringTable } from '../../db/schema.ts';
import { conflict, forbidden, invalidField, notFound } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import type { MetaRepo } from './repo.ts';

/** A secret the server keeps for itself is never answered, not even to the owner. */
const shownValue = (group: string, key: string, value: string) =>
  internalMetaOf(group, key)?.secret ? HIDDEN_META_VALUE : value;

/** Strings the server writes for itself cannot be created, changed or deleted by a call. */
const refuseInternal = (group: string, key: string) => {
  if (internalMetaOf(group, key)) throw forbidden(said('error.meta.internal', { name: `${group}.${key}` }));
};

const present = (row: Selectable<MetaStringTable>): MetaString => ({
  id: row.id,
  group: row.group_name,
  key: row.key,
  value: shownValue(row.group_name, row.key, row.value),
  createdAt: Number(row.created_at),
  updatedAt: Number(row.updated_at),
});

const lines = (value: string | undefined): string[] =>
  (value ?? '')
    .split('\n')
    .map((l) => l.trim())
    .filter(Boolean);

const refuseBadValue = (group: string, key: string, value: string) => {
  const problem = metaValueProblem(group, key, value);
  if (problem) throw invalidField('value', 'format', problem);
};

/** Owner-editable strings grouped by purpose (site switches, footer tags, banned words …). */
export const createMetaService = (repo: MetaRepo, now: () => number = Date.now) => ({
  get: (group: string, key: string) => repo.find(group, key),

  async flag(group: string, key: string): Promise<boolean> {
    return (await repo.find(group, key)) === 'true';
  },

  set: (group: string, key: string, value: string) => repo.put(group, key, value, now()),

  /**
   * The stored value, written first from `make()` when there is none. Insert-or-nothing, then read
   * back: replicas racing for the first write all settle on the one that landed.
   */
  async ensure(group: string, key: string, make: () => string): Promise<string> {
    const stored = await repo.find(group, key);
    if (stored !== undefined) return stored;
    await repo.insert(group, key, make(), now());
    return (await repo.find(group, key)) as string;
  },

  list: async (group?: string): Promise<MetaString[]> => (await repo.all(group)).map(present),

  async map(): Promise<Record<string, string>> {
    return Object.fromEntries(
      (await repo.all()).map((r) => [`${r.group_name}.${r.key}`, shownValue(r.group_name, r.key, r.value)]),
    );
  },

  async create(group: string, key: string, value: string): Promise<MetaString> {
    refuseInternal(group, key);
    refuseBadValue(group, key, value);
    const id = await repo.insert(group, key, value, now());
    if (id === undefined) throw conflict(said('error.meta.exists', { name: `${group}.${key}` }));
    return present((await repo.byId(id)) as Selectable<MetaStringTable>);
  },

  async update(id: number, value: string): Promise<MetaString> {
    const row = await repo.byId(id);
    if (!row) throw notFound(said('error.meta.notFound'));
    refuseInternal(row.group_name, row.key);
    refuseBadValue(row.group_name, row.key, value);
    await repo.updateValue(id, value, now());
    return present((await repo.byId(id)) as Selectable<MetaStringTable>);
  },

  async remove(id: number): Promise<{ id: number }> {
    const row = await repo.byId(id);
    if (!row) throw notFound(said('error.meta.notFound'));
    refuseInternal(row.group_name, row.key);
    if (!(await repo.remove(id))) throw notFound(said('error.meta.notFound'));
    return { id };
  },

  /** What the public footer shows; a broken stored value reads as unset rather than failing. */
  async site(): Promise<SiteSettings> {
    const [tags, contact, notices] = await Promise.all([
      repo.find('site', 'footer-tags'),
      repo.find('site', 'contact'),
      repo.find('site', 'notices'),
    ]);
    let footerTags: SiteSettings['footerTags'] = null;
    if (tags !== undefined) {
      try {
        const parsed = z.array(FooterTag).safeParse(JSON.parse(tags));
        if (parsed.success) footerTags = parsed.data;
      } catch {
        footerTags = null;
      }
    }
    return { footerTags, contact: contact ?? '', notices: lines(notices) };
  },
});

export type MetaService = ReturnType<typeof createMetaService>;
