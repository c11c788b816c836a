import { describe, expect, it } from 'vitest';
import { htmlToMarkdown } from '../markdown.ts';
import { normaliseOldPath } from '../oldPaths.ts';
import { ImportFormatError } from '../types.ts';
import { parseWordpress } from './wordpress.ts';
import { expandShortcodes } from './wordpressShortcodes.ts';

const attachments = [
  { id: '10', url: 'https://old.example/a.jpg', alt: 'A', parent: '5' },
  { id: '11', url: 'https://old.example/b.jpg', alt: 'B', parent: '6' },
];

describe('WordPress shortcodes and blocks', () => {
  it.each([
    [
      '[caption id="x" caption="猫"]<img src="c.jpg">[/caption]',
      '<figure><img src="c.jpg"><figcaption>猫</figcaption></figure>',
    ],
    ['[gallery]', '<p><img src="https://old.example/a.jpg" alt="A"></p>'],
    ['[gallery ids="11"]', '<p><img src="https://old.example/b.jpg" alt="B"></p>'],
    ['[embed]https://v.example/1[/embed]', '<p><a href="https://v.example/1">https://v.example/1</a></p>'],
    ['[foo bar="1"]inner[/foo]', 'inner'],
    ['a [note] in prose stays', 'a [note] in prose stays'],
  ])('%s', (html, expected) => {
    expect(expandShortcodes(html, '5', attachments, () => undefined)).toBe(expected);
  });

  it('drops block markers and anything executable', () => {
    const markdown = htmlToMarkdown(
      '<!-- wp:paragraph --><p>Hi <script>alert(1)</script><b>there</b></p><!-- /wp:paragraph --><iframe src="javascript:x"></iframe>',
    );
    expect(markdown).toBe('Hi **there**');
  });
});

describe('old paths', () => {
  it.each([
    ['/2019/05/Slug/', '/2019/05/slug'],
    ['/?p=123&utm=x', '/?p=123'],
    ['/demo/?page_id=7', '/demo?page_id=7'],
    ['/posts/slug.html', '/posts/slug.html'],
    ['/', '/'],
    ['/archives/123?replytocom=5', '/archives/123'],
  ])('%s → %s', (raw, normal) => {
    expect(normaliseOldPath(raw)).toBe(normal);
  });
});

describe('the WXR reader', () => {
  const file = (xml: string) => ({ kind: 'file' as const, name: 'x.xml', bytes: Buffer.from(xml) });

  it('reads a draft dated only locally as hidden, with its plain link', () => {
    const bundle = parseWordpress(
      file(`<rss xmlns:wp="http://wordpress.org/export/1.2/" xmlns:content="http://purl.org/rss/1.0/modules/content/"><channel>
<wp:wxr_version>1.2</wp:wxr_version><wp:base_blog_url>https://old.example</wp:base_blog_url>
<item><title>草稿</title><link>https://old.example/?p=9</link><content:encoded>写了一半</content:encoded>
<wp:post_id>9</wp:post_id><wp:post_date>2020-02-03 04:05:06</wp:post_date><wp:post_date_gmt>0000-00-00 00:00:00</wp:post_date_gmt>
<wp:status>draft</wp:status><wp:post_type>post</wp:post_type></item></channel></rss>`),
    );
    expect(bundle.posts).toEqual([
      expect.objectContaining({
        sourceId: '9',
        content: '# 草稿\n\n写了一半',
        hidden: true,
        scheduled: false,
        publishedAt: Date.UTC(2020, 1, 3, 4, 5, 6),
        oldPaths: ['/?p=9'],
      }),
    ]);
  });

  it('refuses an archive and a feed that is not WXR', () => {
    expect(() => parseWordpress({ kind: 'archive', name: 'x.zip', files: new Map() })).toThrow(
      ImportFormatError,
    );
    expect(() => parseWordpress(file('<rss><channel><title>x</title></channel></rss>'))).toThrow(
      /wxr_version/,
    );
  });
});
