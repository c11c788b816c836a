/**
 * What a snapshot holds, in words, for the snapshot job's result in the back office (issue 46.2):
 * the owner sees there what the mirrors serve, and that the dark part is sealed (or left out).
 */
export const snapshotSummary = (counts: Readonly<Record<string, number>>): string => {
  const n = (name: string) => counts[name] ?? 0;
  const open = `快照里有 ${n('essays')} 篇随笔（检索索引 ${n('searchShards')} 块）、${n('links')} 个友链、${n('quotes')} 条一言、${n('bangumi')} 部番剧、${n('videos')} 个视频`;
  const dark =
    counts.darkMoments === undefined
      ? '没有暗黑内容（未设置 DARK_KEY）'
      : `加密的朋友圈 ${n('darkMoments')} 条、老婆 ${n('darkWaifu')} 张、小图 ${n('darkPictures')} 张`;
  return `${open}；${dark}`;
};
