import { describe, expect, it } from 'vitest';
import {
  decodeIds,
  encodeIds,
  MAX_QUERY_TOKENS,
  matchesQuery,
  queryTokens,
  shardOf,
  textTokens,
} from './snapshotSearch.ts';
import { addSearchIndex } from './snapshotSearchIndex.ts';

describe('the snapshot search tokens (issue 46.1)', () => {
  it.each([
    ['代码', ['代', '码', '代码']],
    ['夜里睡', ['夜', '里', '睡', '夜里', '里睡']],
    ['学习 Rust 的', ['学', '习', '学习', 'rust', '的']],
    ['git bisect, v1', ['git', 'bisect', 'v1']],
    ['ＴｙｐｅScript', ['typescript']],
  ])('cuts %s into its characters, bigrams and words', (text, tokens) => {
    expect([...textTokens(text)]).toEqual(tokens);
  });

  it.each([
    ['代码', ['代码']],
    ['写代码', ['写代', '代码']],
    ['猫', ['猫']],
    ['Rust 代码', ['rust', '代码']],
    ['，。!', []],
  ])('a query %s needs %j', (query, tokens) => {
    expect(queryTokens(query)).toEqual(tokens);
  });

  it('spreads tokens over shards the same way every time', () => {
    expect(shardOf('代码', 7)).toBe(shardOf('代码', 7));
    expect(new Set(['代码', '夜里', 'rust', 'git', '猫砂'].map((t) => shardOf(t, 64))).size).toBeGreaterThan(
      1,
    );
  });

  it('delta-encodes ascending ids and back', () => {
    expect(encodeIds([3, 5, 40])).toEqual([3, 2, 35]);
    expect(decodeIds([3, 2, 35])).toEqual([3, 5, 40]);
  });

  it('matches a query only as written', () => {
    expect(matchesQuery('写了一段代码', '代码')).toBe(true);
    expect(matchesQuery('代写的码', '代码')).toBe(false);
    expect(matchesQuery('学习 Rust', 'rust 学习')).toBe(true);
  });

  it('indexes the essays in shards, leaving out their pictures’ addresses', () => {
    const tree = new Map<string, string>();
    const meta = addSearchIndex(tree, [
      { id: 2, content: '写代码 ![夜](/files/secret-path.webp)' },
      { id: 1, content: '代码' },
    ]);
    expect(meta).toMatchObject({ v: 1, shards: 1, essays: 2 });
    const shard = JSON.parse(tree.get('search/0.json') ?? '{}') as Record<string, number[]>;
    expect(decodeIds(shard.代码 ?? [])).toEqual([1, 2]);
    expect(shard.夜).toEqual([2]);
    expect(Object.keys(shard)).not.toContain('secret');
  });
});

describe('a long query', () => {
  it('loads at most MAX_QUERY_TOKENS shards and leaves the rest to matchesQuery', () => {
    const long = '今天把博客的离线模式做完了服务器不在的时候页面会从静态快照读取内容';
    expect(queryTokens(long)).toHaveLength(MAX_QUERY_TOKENS);
    expect(matchesQuery(`前言${long}后记`, long)).toBe(true);
  });
});
