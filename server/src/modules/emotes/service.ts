import type { Emote, OwnEmote, RemoteEmote } from '@candy/contract/calls/emotes';
import type { Logger } from 'pino';
import { notFound, providerFailed } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import type { BilibiliEmotes } from '../../providers/emotes/bilibili.ts';
import type { RemoteEmoteIndex, RemoteIndexEntry } from '../../providers/emotes/remoteIndex.ts';
import { ProviderError } from '../../providers/fetchJson.ts';
import { createTtlCache } from '../../providers/ttlCache.ts';
import { builtinEmotes } from './builtin.ts';
import type { EmoteRepo, EmoteRow } from './repo.ts';

/** The remote index changes rarely; the owner browsing it should not refetch it every keystroke. */
export const remoteIndexTtlMs = 10 * 60_000;

export interface EmotesDeps {
  repo: EmoteRepo;
  /** null when EMOTE_REMOTE_INDEX is not configured. */
  remoteIndex: RemoteEmoteIndex | null;
  bilibili: BilibiliEmotes;
  logger: Logger;
  now: () => number;
}

const presentOwn = (row: EmoteRow): OwnEmote => ({
  id: row.id,
  code: row.code,
  group: row.group_name,
  url: row.url,
  source: row.source === 'bilibili' ? 'bilibili' : 'remote',
  createdAt: row.created_at,
});

export const createEmotesService = ({ repo, remoteIndex, bilibili, logger, now }: EmotesDeps) => {
  const indexCache = createTtlCache<'index', RemoteIndexEntry[]>({
    ttlMs: remoteIndexTtlMs,
    maxEntries: 1,
    now,
  });

  /** Every upstream failure becomes 5030 and a warning in the log. */
  const upstream = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      logger.warn({ err: error }, 'emote upstream failed');
      throw providerFailed(said('error.emotes.unavailable'));
    }
  };

  const indexEntries = async (): Promise<RemoteIndexEntry[]> => {
    if (!remoteIndex) throw providerFailed(said('error.emotes.noRemote'));
    const cached = indexCache.get('index');
    if (cached) return cached;
    const entries = await upstream(() => remoteIndex.entries());
    indexCache.set('index', entries);
    return entries;
  };

  return {
    /** Built-ins first; an owner emote with a built-in's code takes its place. */
    async list(): Promise<Emote[]> {
      const own = await repo.all();
      const ownCodes = new Set(own.map((row) => row.code));
      return [
        ...builtinEmotes.filter((emote) => !ownCodes.has(emote.code)),
        ...own.map((row) => ({
          code: row.code,
          group: row.group_name,
          type: 'image' as const,
          value: row.url,
        })),
      ];
    },

    async self(): Promise<OwnEmote[]> {
      return (await repo.all()).map(presentOwn);
    },

    async remote(keyword: string | undefined): Promise<RemoteEmote[]> {
      const needle = keyword?.toLowerCase();
      const entries = (await indexEntries()).filter(
        (entry) =>
          !needle || entry.name.toLowerCase().includes(needle) || entry.group.toLowerCase().includes(needle),
      );
      const selected = new Set(
        (await repo.all()).filter((row) => row.source === 'remote').map((row) => row.source_id),
      );
      return entries.map((entry) => ({ ...entry, selected: selected.has(entry.id) }));
    },

    async select(id: string): Promise<OwnEmote> {
      const entry = (await indexEntries()).find((candidate) => candidate.id === id);
      if (!entry) throw notFound(said('error.emotes.notInRemote', { id }));
      const code = `[${entry.name}]`;
      await repo.upsert([
        {
          code,
          group_name: entry.group,
          url: entry.url,
          source: 'remote',
          source_id: entry.id,
          created_at: now(),
        },
      ]);
      return presentOwn((await repo.findByCode(code)) as EmoteRow);
    },

    async remove(id: number): Promise<null> {
      if (!(await repo.remove(id))) throw notFound(said('error.emotes.notFound'));
      return null;
    },

    async importBilibili(id: number): Promise<{ group: string; count: number }> {
      const found = await upstream(() => bilibili.emotePackage(id));
      if (!found) throw notFound(said('error.emotes.noBilibiliPackage', { id }));
      const at = now();
      await repo.upsert(
        found.emotes.map((emote) => ({
          code: emote.code,
          group_name: found.name,
          url: emote.url,
          source: 'bilibili',
          source_id: String(emote.id),
          created_at: at,
        })),
      );
      return { group: found.name, count: found.emotes.length };
    },
  };
};

export type EmotesService = ReturnType<typeof createEmotesService>;
