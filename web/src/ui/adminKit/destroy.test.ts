import { sourceLanguage } from '@candy/contract/languages';
import { afterAll, describe, expect, it } from 'vitest';
import { switchTo } from '../../i18n/i18n.ts';
import { destroyQuestion, shortTitle } from './destroy.ts';
import { formatBytes, relativeTime } from './format.ts';

describe('a destructive action names what it destroys', () => {
  it.each<[string, { id?: number; title?: string }, string, string]>([
    ['随笔', { id: 28, title: '标题' }, '', '删除随笔 #28「标题」？'],
    ['待办', { title: '买牛奶' }, '', '删除待办「买牛奶」？'],
    ['合集', { id: 3 }, '片段保留。', '删除合集 #3？片段保留。'],
    ['番剧', { id: 1, title: '  ' }, '', '删除番剧 #1？'],
  ])('删除%s %j → %s', (kind, what, rest, question) => {
    expect(destroyQuestion('删除', kind, what, rest)).toBe(question);
  });

  it('cuts a long title at 20 characters, counting a CJK character or an emoji as one', () => {
    expect(shortTitle('这是一篇定时发布的随笔，明天才会出现在列表里的那种')).toBe(
      '这是一篇定时发布的随笔，明天才会出现在列…',
    );
    expect(shortTitle('🍬'.repeat(21))).toBe(`${'🍬'.repeat(20)}…`);
    expect(shortTitle('short')).toBe('short');
  });
});

describe('in English (issue 44)', () => {
  afterAll(() => switchTo(sourceLanguage));

  it('asks the same question in its own words, the title quoted as English quotes it', async () => {
    await switchTo('en');
    expect(destroyQuestion('Delete', 'essay', { id: 28, title: '标题' })).toBe('Delete essay #28 “标题”?');
    expect(destroyQuestion('Delete', 'collection', { id: 3 }, 'Its clips stay.')).toBe(
      'Delete collection #3? Its clips stay.',
    );
    expect(relativeTime(Date.UTC(2026, 10, 22, 9), Date.UTC(2026, 10, 22, 12))).toBe('3 hours ago');
    expect(relativeTime(1000, 1200)).toBe('now');
    expect(formatBytes(1536)).toBe('1.5 KB');
  });
});
