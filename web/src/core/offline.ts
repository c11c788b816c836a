import { ErrorCode } from '@candy/contract/codes';
import { Limits } from '@candy/contract/constants';
import { deobfuscate } from '@candy/contract/obfuscation';
import type { RouteName } from '@candy/contract/routes';
import { spec } from '../i18n/i18n.ts';
import type { QueryInput } from './callBody.ts';
import { RequestError } from './errors.ts';
import { readFile, toastOfflineFailure } from './offlineFiles.ts';
import { offlineMusic } from './offlineMusic.ts';

export { mirrorList, pickMirror, resetOfflineSource } from './offlineFiles.ts';

/**
 * The offline data source (spec §7 "Offline static data", DESIGN §6): the snapshot tree the
 * server exports, read through CDN mirrors. Paths below are the snapshot's file paths.
 */
type Params = Record<string, string | number> | undefined;

/** Route name → snapshot file (spec §7's offline variants). */
export const offlinePaths = {
  essayList: () => 'blog/essay/index',
  essayDetail: (p: Params) => `blog/essay/${p?.id ?? ''}`,
  linkList: () => 'blog/link/data',
  hitokotoRandom: () => 'blog/hitokoto/data',
  bangumiList: () => 'blog/bangumi/data',
  waifuList: () => 'blog/waifu/data',
  momentList: () => 'blog/moments/data',
  // The offline snapshot holds only the about page: any article read is article 1 (spec §7).
  articleDetail: () => 'blog/article/1',
  videoPublicMaterial: (p: Params) => `video/public/material/${p?.id ?? ''}`,
  videoPublicCollection: (p: Params) => `video/public/collection/${p?.id ?? ''}`,
} satisfies Partial<Record<RouteName, (params: Params) => string>>;

type OfflineRoute = keyof typeof offlinePaths;

const isOfflineRoute = (name: RouteName): name is OfflineRoute => name in offlinePaths;

interface OfflineEssay {
  id: number;
  content: string;
}

const plainEssay = (essay: OfflineEssay): OfflineEssay => ({
  ...essay,
  content: deobfuscate(essay.content) ?? essay.content,
});

const readEssay = async (id: string | number) =>
  plainEssay((await readFile(offlinePaths.essayDetail({ id }))) as OfflineEssay);

/**
 * Keyword search from the snapshot's index (issue 46.1), its code loaded only now; a snapshot
 * exported before the index existed answers with the spec's #id-only message.
 */
const searchPage = async (keyword: string, start: number | null) => {
  const { readSearchMeta, searchEssays } = await import('./offlineSearch.ts');
  const meta = await readSearchMeta();
  if (!meta) throw toastOfflineFailure(new RequestError(ErrorCode.validation, spec('offlineSearch')));
  return searchEssays(meta, keyword, start, readEssay);
};

/** The online list's shape from the id index: pages of 10 after the `start` cursor (spec §7). */
const essayPage = async (query: QueryInput | undefined) => {
  const keyword = String(query?.keyword ?? '').trim();
  if (keyword) {
    const match = /^#(\d+)$/.exec(keyword);
    if (match) return { list: [await readEssay(match[1] as string)], hasMore: false };
    return searchPage(keyword, query?.start ? Number(query.start) : null);
  }
  const index = (await readFile(offlinePaths.essayList())) as number[];
  const start = query?.start ? Number(query.start) : null;
  const from = start === null ? 0 : index.indexOf(start) + 1;
  const ids = index.slice(from, from + Limits.offlineEssayPageSize);
  const list = await Promise.all(ids.map((id) => readEssay(id)));
  return { list, hasMore: from + ids.length < index.length };
};

const randomQuote = async (query: QueryInput | undefined) => {
  const all = (await readFile(offlinePaths.hitokotoRandom())) as { id: number }[];
  const exclude = new Set(
    String(query?.exclude ?? '')
      .split(',')
      .filter(Boolean)
      .map(Number),
  );
  const pool = all.filter((q) => !exclude.has(q.id));
  const from = pool.length ? pool : all;
  return from[Math.floor(Math.random() * from.length)] ?? null;
};

/** Dark data is sealed in the public snapshot; its reader loads on the first dark read (DESIGN §3). */
const darkRead = async (name: 'waifuList' | 'momentList', query: QueryInput | undefined, silent: boolean) => {
  const { offlineMoments, offlineWaifu } = await import('./offlineDark.ts');
  return name === 'waifuList' ? offlineWaifu(silent) : offlineMoments(query, silent);
};

/** The offline answer of a read, or null when the call has no offline variant. */
export const offlineRead = (
  name: RouteName,
  input: { params?: Params; query?: QueryInput | undefined; silent?: boolean | undefined },
): Promise<unknown> | null => {
  if (name === 'musicSongDetail' || name === 'musicSongUrl')
    return offlineMusic(name, input.query, input.silent ?? false);
  if (!isOfflineRoute(name)) return null;
  const silent = input.silent ?? false;
  switch (name) {
    case 'essayList':
      return essayPage(input.query);
    case 'essayDetail':
      return readEssay(input.params?.id ?? '');
    case 'hitokotoRandom':
      return randomQuote(input.query);
    case 'waifuList':
    case 'momentList':
      return darkRead(name, input.query, silent);
    case 'linkList':
    case 'bangumiList':
    case 'articleDetail':
    case 'videoPublicMaterial':
    case 'videoPublicCollection':
      return readFile((offlinePaths[name] as (p: Params) => string)(input.params));
  }
};
