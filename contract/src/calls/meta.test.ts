import { describe, expect, it } from 'vitest';
import { sayForTests } from '../i18n/sayForTests.ts';
import type { Language } from '../languages.ts';
import { metaValueProblem } from './meta.ts';

const problem = (language: Language, group: string, key: string, value: string): string | null => {
  const words = metaValueProblem(group, key, value);
  return words === null ? null : sayForTests(language, words);
};
const tags = (value: unknown, language: Language = 'zh-CN') =>
  problem(language, 'site', 'footer-tags', JSON.stringify(value));

describe('footer tags check', () => {
  it('accepts a list of tags and names the tag and field of a bad one in Chinese', () => {
    expect(tags([{ name: '随笔', href: '/chaos', title: '' }])).toBeNull();
    expect(
      tags([
        { name: '随笔', href: '/chaos' },
        { name: '', href: '/x' },
      ]),
    ).toBe('第 2 个标签的名称：请填写名称');
    expect(tags([{ name: '坏', href: 'javascript:alert(1)' }])).toBe(
      '第 1 个标签的链接：链接以 / 或 http(s):// 开头',
    );
    expect(tags({ name: 'x' })).toBe('应是标签的列表');
    expect(tags(Array.from({ length: 31 }, () => ({ name: 'a', href: '/' })))).toBe('最多 30 个标签');
    expect(problem('zh-CN', 'site', 'footer-tags', '[{')).toBe('不是合法的 JSON');
  });

  it('says the same in English', () => {
    expect(tags([{ name: '坏', href: 'javascript:alert(1)' }], 'en')).toBe(
      'Tag 1, link: A link starts with / or http(s)://',
    );
    expect(tags([{ name: 'x'.repeat(21), href: '/' }], 'en')).toBe('Tag 1, name: At most 20 characters');
    expect(problem('en', 'site', 'footer-tags', '[{')).toBe('Not valid JSON');
  });
});

describe('known values', () => {
  it.each([
    ['system', 'dokkiri', 'yes', '只能是 true 或 false', 'Only true or false'],
    ['comment', 'moderation', 'some', '只能是 none / links / first / all', 'Only none / links / first / all'],
    ['comment', 'pow-max-number', '12', '1000–5000000 之间的整数', 'A whole number from 1000 to 5000000'],
    [
      'site',
      'contact',
      'ftp://x',
      '以 /、http(s):// 或 mailto: 开头',
      'Starts with /, http(s):// or mailto:',
    ],
  ])('%s.%s = %s is refused', (group, key, value, zh, en) => {
    expect(problem('zh-CN', group, key, value)).toBe(zh);
    expect(problem('en', group, key, value)).toBe(en);
  });
});
