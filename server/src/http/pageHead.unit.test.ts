import { describe, expect, it } from 'vitest';
import { pageHeadOf } from './pageHead.ts';

const base = {
  site: '糖果罐',
  language: 'zh-CN' as const,
  languages: ['zh-CN' as const],
  origin: 'https://candy.example',
  defaultImage: { url: 'https://candy.example/icon-512.png', width: 512, height: 512 },
};

/** A 4000×3000 photograph whose copies the pipeline has made (issue 30). */
const photo = {
  width: 4000,
  height: 3000,
  thumbhash: null,
  base: '/files/images/v/0123456789abcdef/',
  widths: [320, 640, 960, 1280, 1920],
  fallback: 'jpg',
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

  it("gives an essay without a picture the site's own, with its size", () => {
    const head = pageHeadOf({ ...base, pathname: '/chaos/8', reads: { 'essay:8': { content: '只有字' } } });
    expect(head.tags).toContain('<meta property="og:image" content="https://candy.example/icon-512.png">');
    expect(head.tags).toContain('<meta property="og:image:width" content="512">');
    expect(head.tags).toContain('<meta property="og:image:height" content="512">');
  });

  it('shares the 1280-wide JPEG copy of a picture the pipeline has made, not the original', () => {
    const head = pageHeadOf({
      ...base,
      pathname: '/chaos/7',
      reads: {
        'essay:7': { content: '![海](/files/images/a.jpg)', pictures: { '/files/images/a.jpg': photo } },
      },
    });
    expect(head.tags).toContain(
      '<meta property="og:image" content="https://candy.example/files/images/v/0123456789abcdef/1280.jpg">',
    );
    expect(head.tags).toContain('<meta property="og:image:width" content="1280">');
    expect(head.tags).toContain('<meta property="og:image:height" content="960">');
    expect(head.tags).toContain(
      '<meta name="twitter:image" content="https://candy.example/files/images/v/0123456789abcdef/1280.jpg">',
    );
  });

  it('shares the original, with its size, while its copies are not made', () => {
    const pictures = { '/files/images/a.jpg': { ...photo, base: null, widths: [], fallback: null } };
    const head = pageHeadOf({
      ...base,
      pathname: '/chaos/7',
      reads: { 'essay:7': { content: '![海](/files/images/a.jpg)', pictures } },
    });
    expect(head.tags).toContain(
      '<meta property="og:image" content="https://candy.example/files/images/a.jpg">',
    );
    expect(head.tags).toContain('<meta property="og:image:width" content="4000">');
  });

  it.each([
    [
      'the essay list: the first essay with a picture',
      '/chaos',
      {
        essayList: {
          list: [
            { content: '只有字' },
            { content: '![猫](/files/c.jpg)', pictures: { '/files/c.jpg': photo } },
          ],
        },
      },
      'https://candy.example/files/images/v/0123456789abcdef/1280.jpg',
    ],
    [
      'the anime list: the first cover',
      '/pastel-memories',
      {
        bangumiList: [
          { cover: '' },
          { cover: '/files/bangumi/b.jpg', pictures: { '/files/bangumi/b.jpg': photo } },
        ],
      },
      'https://candy.example/files/images/v/0123456789abcdef/1280.jpg',
    ],
    ['the moments (dark): the site’s own', '/moments', {}, 'https://candy.example/icon-512.png'],
    ['a tool page: the site’s own', '/utils/qrcode-decode', {}, 'https://candy.example/icon-512.png'],
  ])('gives %s', (_, pathname, reads, image) => {
    const head = pageHeadOf({ ...base, pathname, reads });
    expect(head.tags).toContain(`<meta property="og:image" content="${image}">`);
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
