import { describe, expect, it } from 'vitest';
import { withTitleHeading } from './titleHeading.ts';

describe('an imported essay keeps its title as its first heading (issue 41.15)', () => {
  const essay = { kind: 'essay' as const, title: '你好 Hexo' };

  it('puts the title before the text', () => {
    expect(withTitleHeading(essay, '第一段。\n\n第二段。')).toBe('# 你好 Hexo\n\n第一段。\n\n第二段。');
  });

  it('leaves a text that already opens with that heading as it is', () => {
    expect(withTitleHeading(essay, '# 你好 Hexo\n\n第一段。')).toBe('# 你好 Hexo\n\n第一段。');
    expect(withTitleHeading(essay, '## 你好 Hexo ##\n正文')).toBe('## 你好 Hexo ##\n正文');
  });

  it('adds it when the text opens with another heading', () => {
    expect(withTitleHeading(essay, '# 前言\n\n正文')).toBe('# 你好 Hexo\n\n# 前言\n\n正文');
  });

  it('adds nothing to moments, the about page, or a post without a title', () => {
    expect(withTitleHeading({ kind: 'moment', title: '今天' }, '今天天气好')).toBe('今天天气好');
    expect(withTitleHeading({ kind: 'about', title: '关于' }, '我是谁')).toBe('我是谁');
    expect(withTitleHeading({ kind: 'essay', title: '  ' }, '正文')).toBe('正文');
  });

  it('writes a title that spans lines on one line', () => {
    expect(withTitleHeading({ kind: 'essay', title: '上半\n 下半' }, '正文')).toBe('# 上半 下半\n\n正文');
  });
});
