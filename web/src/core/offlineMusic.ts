import type { SongUrl, Track } from '@candy/contract/calls/music';
import { ErrorCode } from '@candy/contract/codes';
import { spec, t } from '../i18n/i18n.ts';
import type { QueryInput } from './callBody.ts';
import { readFile, refused } from './offlineFiles.ts';
import { runtimeConfig } from './runtimeConfig.ts';

/**
 * Music in offline mode (spec §7 "Music"): the same NetEase-compatible calls our server proxies,
 * asked of the public proxy instead — from the runtime configuration, else from the snapshot's
 * `music/settings` (a page served by a CDN has no runtime configuration).
 */
interface NeteaseDetail {
  songs?: {
    id: number;
    name: string;
    ar?: { name?: string | null }[];
    al?: { picUrl?: string | null } | null;
  }[];
}
interface NeteaseUrls {
  data?: { id: number; url?: string | null }[];
}

const proxyBase = async (silent: boolean): Promise<string> => {
  const configured = runtimeConfig.musicProxyPublic;
  const base = configured || ((await readFile('music/settings')) as { proxyBase?: string }).proxyBase || '';
  if (!base) throw refused(ErrorCode.providerFailed, t('offline.music.noProxy'), silent);
  return base.replace(/\/+$/, '');
};

const getJson = async <T>(url: string, silent: boolean): Promise<T> => {
  try {
    const res = await fetch(url);
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return (await res.json()) as T;
  } catch (error) {
    throw refused(
      ErrorCode.providerFailed,
      t('offline.music.failed', { error: (error as Error).message }),
      silent,
    );
  }
};

const songDetail = async (ids: string[], silent: boolean): Promise<Track[]> => {
  const base = await proxyBase(silent);
  const [details, urls] = await Promise.all([
    getJson<NeteaseDetail>(`${base}/song/detail?ids=${ids.join(',')}`, silent),
    getJson<NeteaseUrls>(`${base}/song/url?id=${ids.join(',')}`, silent),
  ]);
  const urlOf = new Map((urls.data ?? []).map((entry) => [entry.id, entry.url ?? '']));
  return ids.map((id) => {
    const song = details.songs?.find((s) => String(s.id) === id);
    if (!song) throw refused(ErrorCode.notFound, spec('musicNotFound', id), silent);
    return {
      id: song.id,
      name: song.name,
      singer: (song.ar ?? [])
        .map((a) => a.name ?? '')
        .filter(Boolean)
        .join('/'),
      picUrl: song.al?.picUrl ?? '',
      url: urlOf.get(song.id) ?? '',
    };
  });
};

const songUrl = async (id: string, silent: boolean): Promise<SongUrl> => {
  const base = await proxyBase(silent);
  const answer = await getJson<NeteaseUrls>(`${base}/song/url?id=${id}`, silent);
  const url = answer.data?.find((entry) => String(entry.id) === id)?.url;
  if (!url) throw refused(ErrorCode.notFound, spec('musicNotFound', id), silent);
  return { id: Number(id), url };
};

export const offlineMusic = (
  name: 'musicSongDetail' | 'musicSongUrl',
  query: QueryInput | undefined,
  silent: boolean,
): Promise<Track[] | SongUrl> =>
  name === 'musicSongDetail'
    ? songDetail(
        String(query?.ids ?? '')
          .split(',')
          .filter(Boolean),
        silent,
      )
    : songUrl(String(query?.id ?? ''), silent);
