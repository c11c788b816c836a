import { describe, expect, it } from 'vitest';
import { markdownImage, markdownPreview, markdownTitle, shareMetaTags } from './shareMeta.ts';

describe('share previews', () => {
  it('reads the first lines of Markdown as text', () => {
    const source =
      '# 春天\n\n今天**很好**，去了[公园](https://example.com)。\n\n![花](/files/a.jpg)\n\n```js\nx()\n```';
    expect(markdownPreview(source)).toBe('春天 今天很好，去了公园。');
    expect(markdownTitle(source)).toBe('春天');
    expect(markdownTitle('第一行\n第二行')).toBe('第一行');
  });

  it('cuts long text without splitting a character', () => {
    const text = '喵'.repeat(200);
    const preview = markdownPreview(text, 10);
    expect([...preview]).toHaveLength(10);
    expect(preview.endsWith('…')).toBe(true);
  });

  it('makes the first picture absolute and refuses other schemes', () => {
    expect(markdownImage('a ![x](/files/a.jpg) ![y](/files/b.jpg)', 'https://candy.example')).toEqual({
      url: 'https://candy.example/files/a.jpg',
      width: undefined,
      height: undefined,
    });
    expect(markdownImage('![x](javascript:alert(1))', 'https://candy.example')).toBeUndefined();
    expect(markdownImage('no picture', 'https://candy.example')).toBeUndefined();
    // Link-preview crawlers show no SVG.
    expect(markdownImage('![卡片](/files/demo/picture-1.svg)', 'https://candy.example')).toBeUndefined();
  });

  it('escapes what goes into attributes', () => {
    const tags = shareMetaTags({
      site: '糖果罐',
      title: '"><script>alert(1)</script>',
      description: 'a & b',
      url: 'https://candy.example/chaos?id=1',
      type: 'article',
    });
    expect(tags).not.toContain('<script>');
    expect(tags).toContain('content="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;"');
    expect(tags).toContain('<meta property="og:description" content="a &amp; b">');
    expect(tags).toContain('<meta name="twitter:card" content="summary">');
  });

  it('asks for a large card when there is a picture', () => {
    const tags = shareMetaTags({
      site: 's',
      title: 't',
      description: 'd',
      url: 'https://x.example/',
      image: { url: 'https://x.example/files/a.jpg' },
      type: 'website',
    });
    expect(tags).toContain('<meta property="og:image" content="https://x.example/files/a.jpg">');
    expect(tags).toContain('<meta name="twitter:card" content="summary_large_image">');
  });
});
