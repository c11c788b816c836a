import { describe, expect, it } from 'vitest';
import { snapshotSummary } from './summary.ts';

describe('what the snapshot holds, in the back office (issue 46.2)', () => {
  it('names the public part and the sealed dark part', () => {
    expect(
      snapshotSummary({
        essays: 25,
        searchShards: 1,
        links: 8,
        quotes: 320,
        bangumi: 7,
        videos: 2,
        darkMoments: 161,
        darkWaifu: 8,
        darkPictures: 40,
      }),
    ).toBe(
      '快照里有 25 篇随笔（检索索引 1 块）、8 个友链、320 条一言、7 部番剧、2 个视频；加密的朋友圈 161 条、老婆 8 张、小图 40 张',
    );
  });

  it('says the dark part is left out without a dark key', () => {
    expect(snapshotSummary({ essays: 1 })).toMatch(/；没有暗黑内容（未设置 DARK_KEY）$/);
  });
});
