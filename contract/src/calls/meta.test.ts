import { describe, expect, it } from 'vitest';
import { metaValueProblem } from './meta.ts';

const tags = (value: unknown) => metaValueProblem('site', 'footer-tags', JSON.stringify(value));

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
    expect(metaValueProblem('site', 'footer-tags', '[{')).toBe('不是合法的 JSON');
  });
});
