import * as z from 'zod';
import { fetchJson } from '../fetchJson.ts';

export { ProviderError } from '../fetchJson.ts';

/** A song as the upstream describes it, before we shape it into a spec §3 track. */
export interface UpstreamSong {
  id: number;
  name: string;
  artists: string[];
  picUrl: string;
}

/** The outside music service; every failure (down, timeout, nonsense) is a ProviderError. */
export interface MusicProvider {
  /** The songs that exist among `ids`, in upstream order; unknown ids are simply missing. */
  songDetails(ids: readonly string[]): Promise<UpstreamSong[]>;
  /** Play addresses by song id; a song without one (unknown, paid, region-locked) maps to ''. */
  songUrls(ids: readonly string[]): Promise<Map<number, string>>;
}

// The shapes of NeteaseCloudMusicApi; everything we do not use is ignored.
const DetailAnswer = z.object({
  songs: z.array(
    z.object({
      id: z.number(),
      name: z.string(),
      ar: z.array(z.object({ name: z.string().nullable().optional() })).default([]),
      al: z.object({ picUrl: z.string().nullable().optional() }).nullable().optional(),
    }),
  ),
});

const UrlAnswer = z.object({
  data: z.array(z.object({ id: z.number(), url: z.string().nullable().optional() })),
});

export interface NeteaseOptions {
  /** Base URL of a NetEase-compatible API (e.g. a NeteaseCloudMusicApi instance). */
  baseUrl: string;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** Talks to a NetEase-compatible API: `/song/detail?ids=` and `/song/url?id=`. */
export const createNeteaseProvider = ({
  baseUrl,
  timeoutMs = 5000,
  fetch: fetchImpl = fetch,
}: NeteaseOptions): MusicProvider => {
  const base = baseUrl.replace(/\/+$/, '');

  const getJson = <S extends z.ZodType>(path: string, schema: S) =>
    fetchJson(`${base}${path}`, schema, { timeoutMs, fetch: fetchImpl });

  return {
    async songDetails(ids) {
      const answer = await getJson(`/song/detail?ids=${ids.join(',')}`, DetailAnswer);
      return answer.songs.map((song) => ({
        id: song.id,
        name: song.name,
        artists: song.ar.map((artist) => artist.name ?? '').filter(Boolean),
        picUrl: song.al?.picUrl ?? '',
      }));
    },

    async songUrls(ids) {
      const answer = await getJson(`/song/url?id=${ids.join(',')}`, UrlAnswer);
      return new Map(answer.data.map((entry) => [entry.id, entry.url ?? '']));
    },
  };
};
