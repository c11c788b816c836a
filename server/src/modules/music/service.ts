import { Texts } from '@candy/contract';
import type { SongUrl, Track } from '@candy/contract/calls/music';
import type { Logger } from 'pino';
import { notFound, providerFailed } from '../../http/errors.ts';
import { said, spec } from '../../i18n/said.ts';
import { type MusicProvider, ProviderError, type UpstreamSong } from '../../providers/music/netease.ts';
import { createTtlCache } from '../../providers/ttlCache.ts';

/** The specification's text (Texts.musicNotFound) in Chinese; the catalogue's in other languages. */
const musicNotFound = (id: string | number) => spec(Texts.musicNotFound(id), 'error.music.notFound', { id });

/** Song details hardly change; play addresses expire upstream (about 20 minutes for NetEase). */
export const detailTtlMs = 24 * 3_600_000;
export const urlTtlMs = 10 * 60_000;
const maxEntries = 2000;

export interface MusicDeps {
  /** null when MUSIC_API_BASE is not configured. */
  provider: MusicProvider | null;
  logger: Logger;
  now: () => number;
}

export const createMusicService = ({ provider, logger, now }: MusicDeps) => {
  const details = createTtlCache<number, UpstreamSong>({ ttlMs: detailTtlMs, maxEntries, now });
  const urls = createTtlCache<number, string>({ ttlMs: urlTtlMs, maxEntries, now });

  /** Runs an upstream call; every upstream failure becomes 5030 and a warning in the log. */
  const upstream = async <T>(work: (p: MusicProvider) => Promise<T>): Promise<T> => {
    if (!provider) throw providerFailed(said('error.music.notConfigured'));
    try {
      return await work(provider);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      logger.warn({ err: error }, 'music upstream failed');
      throw providerFailed(said('error.music.unavailable'));
    }
  };

  /** Fetches what the cache lacks in one upstream call each. */
  const songsOf = async (ids: readonly number[]): Promise<Map<number, UpstreamSong>> => {
    const missing = [...new Set(ids.filter((id) => details.get(id) === undefined))];
    if (missing.length > 0) {
      for (const song of await upstream((p) => p.songDetails(missing.map(String))))
        details.set(song.id, song);
    }
    const found = new Map<number, UpstreamSong>();
    for (const id of ids) {
      const song = details.get(id);
      if (!song) throw notFound(musicNotFound(id));
      found.set(id, song);
    }
    return found;
  };

  const urlsOf = async (ids: readonly number[]): Promise<Map<number, string>> => {
    const missing = [...new Set(ids.filter((id) => urls.get(id) === undefined))];
    if (missing.length > 0) {
      const fetched = await upstream((p) => p.songUrls(missing.map(String)));
      // Only playable addresses are kept: an empty one may be a passing upstream hiccup.
      for (const [id, url] of fetched) if (url) urls.set(id, url);
    }
    return new Map(ids.map((id) => [id, urls.get(id) ?? '']));
  };

  return {
    /** Tracks in the order asked, each with its current play address ('' when it has none). */
    async detail(ids: readonly string[]): Promise<Track[]> {
      const numeric = ids.map(Number);
      const songs = await songsOf(numeric);
      const playable = await urlsOf(numeric);
      return numeric.map((id) => {
        const song = songs.get(id) as UpstreamSong;
        return {
          id,
          name: song.name,
          singer: song.artists.join('/'),
          picUrl: song.picUrl,
          url: playable.get(id) ?? '',
        };
      });
    },

    async url(id: string): Promise<SongUrl> {
      const numeric = Number(id);
      const url = (await urlsOf([numeric])).get(numeric);
      if (!url) throw notFound(musicNotFound(id));
      return { id: numeric, url };
    },
  };
};

export type MusicService = ReturnType<typeof createMusicService>;
