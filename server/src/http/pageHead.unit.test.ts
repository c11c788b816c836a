import { describe, expect, it } from 'vitest';
import { pageHeadOf } from './pageHead.ts';

const base = {
  site: '糖果罐',
  origin: 'https://candy.example',
  defaultImage: 'https://candy.example/icon-512.png',
};

describe("a server-rendered page's head", () => {
  it('describes an essay page by its essay: title, description, canonical address, picture', () => {
    const head = pageHeadOf({
      ...base,
      pathname: '/chaos/7',
      reads: { 'essay:7': { content: '# 春天 & 猫\n\n今天很好。\n\n![花](/files/a.jpg)' } },
    });
    expect(head.status).toBe(200);
    expect(head.title).toBe('春天 & 猫 | 糖果罐');
    expect(head.description).toBe('春天 & 猫 今天很好。');
    expect(head.tags).toContain('<link rel="canonical" href="https://candy.example/chaos/7">');
    expect(head.tags).toContain('<meta property="og:type" content="article">');
    expect(head.tags).toContain('<meta property="og:url" content="https://candy.example/chaos/7">');
    expect(head.tags).toContain('<meta property="og:image" content="https://candy.example/files/a.jpg">');
  });

  it("gives an essay without a picture the site's own", () => {
    const head = pageHeadOf({ ...base, pathname: '/chaos/8', reads: { 'essay:8': { content: '只有字' } } });
    expect(head.tags).toContain('<meta property="og:image" content="https://candy.example/icon-512.png">');
  });

  it('makes an essay a visitor may not read a 404 that search engines skip', () => {
    const head = pageHeadOf({ ...base, pathname: '/chaos/9', reads: { 'essay:9': null } });
    expect(head.status).toBe(404);
    expect(head.title).toBe('随笔不存在 | 糖果罐');
    expect(head.tags).toContain('<meta name="robots" content="noindex">');
    expect(head.tags).not.toContain('og:');
  });

  it('gives every other page its canonical address and share tags', () => {
    const head = pageHeadOf({ ...base, pathname: '/about', reads: {} });
    expect(head.status).toBe(200);
    expect(head.title).toBeUndefined();
    expect(head.tags).toContain('<link rel="canonical" href="https://candy.example/about">');
    expect(head.tags).toContain('<meta property="og:title" content="关于 · 糖果罐">');
  });
});
