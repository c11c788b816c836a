import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { folderAsArchive, importFixtures } from '../../../../test/importFixtures.ts';
import { ImportFormatError, type ImportInput, type ImportParser } from '../types.ts';
import { parseHexo, parseHugo, parseJekyll } from './markdownSite.ts';

const encode = (text: string) => new TextEncoder().encode(text);
const site = (name: string) => folderAsArchive(join(importFixtures, name));
/** The real site with one more file, for states (drafts, bundles) its repository does not hold. */
function withFile(name: string, path: string, text: string | Uint8Array) {
  const archive = site(name);
  archive.files.set(`my-site/${path}`, typeof text === 'string' ? encode(text) : text);
  return archive;
}
const NOW = Date.UTC(2026, 0, 1);
// The pipeline calls every parser as an ImportParser; `now` is only for the tests.
const asParsers: ImportParser[] = [parseHexo, parseHugo, parseJekyll];

describe('Hexo (hexojs/hexo-theme-unit-test)', () => {
  const bundle = parseHexo(site('hexo/site'), NOW);
  const post = (file: string) => bundle.posts.find((p) => p.sourceId === `source/_posts/${file}`)!;

  it('reads every post in source/_posts, front matter with or without an opening ---', () => {
    expect(bundle.platform).toBe('hexo');
    expect(bundle.posts).toHaveLength(7);
    expect(post('hello-world.md').title).toBe('Hello World');
    expect(post('中文測試.md').title).toBe('中文測試');
    expect(post('hello-world.md').content).toMatch(/^Welcome to \[Hexo\]/);
    expect(bundle.warnings).toEqual([]);
  });

  it('dates to the millisecond, including the loose 2018-7-24 form', () => {
    expect(post('hello-world.md').publishedAt).toBe(Date.UTC(2013, 11, 24, 17, 49, 32));
    expect(post('markdown.md').publishedAt).toBe(Date.UTC(2018, 6, 24, 23, 31, 6));
  });

  it('tags and categories, and the file name when a post has no title', () => {
    expect(post('tags.md').tags).toEqual(['Foo', 'Bar', 'Baz']);
    expect(post('categories.md').tags).toEqual(['Foo', 'Bar', 'Baz']);
    expect(post('no-title.md').title).toBe('no-title');
  });

  it('old paths from the site permalink :year/:month/:day/:title/ and the site url', () => {
    expect(post('hello-world.md').oldPaths).toEqual(['/2013/12/24/hello-world/']);
    expect(post('hello-world.md').oldUrls).toEqual(['http://example.com/2013/12/24/hello-world/']);
    expect(post('中文測試.md').oldPaths).toEqual(['/2013/12/24/中文測試/']);
  });

  it('pictures missing from the archive keep their old URL', () => {
    expect(post('images.md').pictures.map((p) => [p.ref, p.url, p.bytes])).toEqual([
      ['/assets/wallpaper-2572384.jpg', 'http://example.com/assets/wallpaper-2572384.jpg', undefined],
      ['/assets/wallpaper-2311325.jpg', 'http://example.com/assets/wallpaper-2311325.jpg', undefined],
      ['/assets/wallpaper-878514.jpg', 'http://example.com/assets/wallpaper-878514.jpg', undefined],
      ['https://placehold.co/350x150.jpg', 'https://placehold.co/350x150.jpg', undefined],
    ]);
  });

  it('source/_drafts and published: false are hidden; a future date is scheduled; slug/permalink keys win', () => {
    const hello = readFileSync(join(importFixtures, 'hexo/site/source/_posts/hello-world.md'), 'utf8');
    const archive = withFile('hexo/site', 'source/_drafts/draft.md', hello);
    archive.files.set(
      'my-site/source/_posts/later.md',
      encode('title: Later\ndate: 2030-05-06 07:08:09\nslug: soon\n---\nx'),
    );
    archive.files.set(
      'my-site/source/_posts/off.md',
      encode('title: Off\ndate: 2014-01-01\npublished: false\n---\nx'),
    );
    archive.files.set(
      'my-site/source/_posts/fixed.md',
      encode('title: Fixed\ndate: 2014-01-01\npermalink: p/fixed.html\n---\nx'),
    );
    const posts = new Map(parseHexo(archive, NOW).posts.map((p) => [p.sourceId, p]));
    expect(posts.get('source/_drafts/draft.md')).toMatchObject({ hidden: true, scheduled: false });
    expect(posts.get('source/_posts/off.md')).toMatchObject({ hidden: true });
    expect(posts.get('source/_posts/later.md')).toMatchObject({
      hidden: false,
      scheduled: true,
      publishedAt: Date.UTC(2030, 4, 6, 7, 8, 9),
      oldPaths: ['/2030/05/06/soon/'],
    });
    expect(posts.get('source/_posts/fixed.md')!.oldPaths).toEqual(['/p/fixed.html']);
  });
});

describe('Jekyll (jekyll/jekyll: its own docs site and its new-site template)', () => {
  const bundle = parseJekyll(site('jekyll/site'), NOW);
  const sticker = bundle.posts.find((p) => p.sourceId.includes('stickermule'))!;

  it('reads _posts, dates with their offset, categories as tags', () => {
    expect(bundle.posts.map((p) => p.title)).toEqual([
      'Pick Up your $1 Jekyll Sticker',
      "Sponsoring Jekyll's development",
    ]);
    expect(sticker.publishedAt).toBe(Date.UTC(2014, 5, 4, 19, 46, 53));
    expect(bundle.posts[1]!.publishedAt).toBe(Date.UTC(2018, 7, 1, 13, 0, 0));
    expect(sticker.tags).toEqual(['partners']);
  });

  it("old paths follow the site's collections.posts.permalink, URLs its url", () => {
    expect(sticker.oldPaths).toEqual(['/news/2014/06/04/jekyll-stickers-1-dollar-stickermule/']);
    expect(bundle.posts[1]!.oldUrls).toEqual(['https://jekyllrb.com/news/2018/08/01/jekyll-sponsoring/']);
  });

  it('site-absolute pictures are read from the archive, Markdown or <img>', () => {
    const png = readFileSync(join(importFixtures, 'jekyll/site/img/jekyll-sticker.png'));
    expect(sticker.pictures).toEqual([
      { ref: '/img/jekyll-sticker.png', alt: 'Jekyll Sticker', bytes: new Uint8Array(png) },
    ]);
    expect(bundle.posts[1]!.pictures.map((p) => [p.ref, p.alt, p.bytes?.length])).toEqual([
      ['/img/forestry-logo.svg', 'Forestry', 4046],
    ]);
  });

  it('the default permalink /:categories/:year/:month/:day/:title.html with a space-separated category list', () => {
    const [welcome] = parseJekyll(site('jekyll/new-site'), NOW).posts;
    expect(welcome).toMatchObject({
      title: 'Welcome to Jekyll!',
      publishedAt: Date.UTC(2015, 0, 29),
      tags: ['jekyll', 'update'],
      oldPaths: ['/jekyll/update/2015/01/29/welcome-to-jekyll.html'],
      oldUrls: [],
    });
  });

  it('_drafts are hidden, front-matter permalink and redirect_from are old paths', () => {
    const archive = withFile('jekyll/new-site', '_drafts/idea.md', '---\ntitle: Idea\n---\nSoon.');
    archive.files.set(
      'my-site/_posts/2016-02-03-moved.md',
      encode('---\ntitle: Moved\npermalink: /moved/\nredirect_from: /old-moved/\n---\nx'),
    );
    const posts = new Map(parseJekyll(archive, NOW).posts.map((p) => [p.sourceId, p]));
    expect(posts.get('_drafts/idea.md')).toMatchObject({ hidden: true, title: 'Idea' });
    expect(posts.get('_posts/2016-02-03-moved.md')).toMatchObject({
      oldPaths: ['/moved/', '/old-moved/'],
      publishedAt: Date.UTC(2016, 1, 3),
    });
  });
});

describe('Hugo (gohugoio/hugoBasicExample)', () => {
  const bundle = parseHugo(site('hugo/site'), NOW);
  const post = (file: string) => bundle.posts.find((p) => p.sourceId === `content/${file}`)!;

  it('reads TOML (+++) and YAML front matter, skips _index.md, the about page as about', () => {
    expect(bundle.posts.map((p) => [p.title, p.kind])).toEqual([
      ['About', 'about'],
      ['Emoji Support', 'essay'],
      ['Markdown Syntax Guide', 'essay'],
      ['Math Typesetting', 'essay'],
      ['Placeholder Text', 'essay'],
      ['Rich Content', 'essay'],
    ]);
    expect(post('post/math-typesetting.md').content).toMatch(/^Mathematical notation in a Hugo project/);
  });

  it('dates, multi-line TOML tag and category arrays', () => {
    expect(post('post/emoji-support.md').publishedAt).toBe(Date.UTC(2019, 2, 5));
    expect(post('post/markdown-syntax.md').tags).toEqual(['markdown', 'css', 'html', 'themes', 'syntax']);
  });

  it('old paths /:section/:slug/ plus aliases, URLs from baseURL', () => {
    expect(post('post/emoji-support.md').oldPaths).toEqual(['/post/emoji-support/']);
    expect(post('post/markdown-syntax.md').oldPaths).toEqual([
      '/post/markdown-syntax/',
      '/post/migrate-from-jekyl/',
    ]);
    expect(post('about.md').oldPaths).toEqual(['/about/', '/about-us/', '/about-hugo/', '/contact/']);
    expect(post('post/emoji-support.md').oldUrls).toEqual(['https://gohugo.io/post/emoji-support/']);
  });

  it('page bundles take the folder name and their own pictures; draft = true is hidden; url wins', () => {
    const png = readFileSync(join(importFixtures, 'jekyll/site/img/jekyll-sticker.png'));
    const archive = withFile(
      'hugo/site',
      'content/posts/trip/index.md',
      '---\ntitle: Trip\ndate: 2020-01-02T03:04:05+08:00\ndraft: true\n---\n![Me](me.png)',
    );
    archive.files.set('my-site/content/posts/trip/me.png', new Uint8Array(png));
    archive.files.set(
      'my-site/content/post/moved.md',
      encode('+++\ntitle = "Moved"\nurl = "/Old/Moved/"\nslug = "x"\n+++\nx'),
    );
    const posts = new Map(parseHugo(archive, NOW).posts.map((p) => [p.sourceId, p]));
    expect(posts.get('content/posts/trip/index.md')).toMatchObject({
      hidden: true,
      publishedAt: Date.UTC(2020, 0, 1, 19, 4, 5),
      oldPaths: ['/posts/trip/'],
      pictures: [{ ref: 'me.png', alt: 'Me', bytes: new Uint8Array(png) }],
    });
    expect(posts.get('content/post/moved.md')!.oldPaths).toEqual(['/old/moved/']);
  });
});

describe('not a site of that generator', () => {
  it('all three are ImportParsers', () => expect(asParsers).toHaveLength(3));
  const file: ImportInput = { kind: 'file', name: 'a.md', bytes: encode('# hi') };
  it.each([
    ['hexo', parseHexo, site('hugo/site'), /source\/_posts/],
    ['jekyll', parseJekyll, site('hugo/site'), /_posts/],
    ['hugo', parseHugo, site('jekyll/site'), /content/],
    ['hexo', parseHexo, file, /压缩包/],
  ])('%s: ImportFormatError with a reason', (_name, parse, input, reason) => {
    expect(() => parse(input)).toThrow(ImportFormatError);
    expect(() => parse(input)).toThrow(reason);
  });
});
