import { describe, expect, it } from 'vitest';
import { readFrontMatter } from './frontMatter.ts';
import { parseLooseDate } from './looseDates.ts';
import { findPictureRefs } from './markdownPictures.ts';
import { expandPermalink } from './permalinks.ts';
import { parseToml } from './tomlFrontMatter.ts';

describe('parseLooseDate', () => {
  it.each([
    ['2018-7-24 23:31:06', Date.UTC(2018, 6, 24, 23, 31, 6)],
    ['2014-06-04 15:46:53 -0400', Date.UTC(2014, 5, 4, 19, 46, 53)],
    ['2020-01-02T03:04:05+08:00', Date.UTC(2020, 0, 1, 19, 4, 5)],
    ['2021-03-24T04:34:12.000Z', Date.UTC(2021, 2, 24, 4, 34, 12)],
    ['2019-03-05', Date.UTC(2019, 2, 5)],
    ['2024-01-02 03:04', Date.UTC(2024, 0, 2, 3, 4)],
    ['not a date', undefined],
    [null, undefined],
  ])('%s → %s', (input, expected) => {
    expect(parseLooseDate(input)).toBe(expected);
  });
});

describe('parseToml (the front-matter subset)', () => {
  it('strings, numbers, booleans, comments, multi-line arrays with trailing commas, tables', () => {
    const toml = [
      'title = "A \\"quoted\\" # title" # comment',
      "slug = 'raw\\path'",
      'weight = 3',
      'draft = true',
      'date = 2019-03-05T10:00:00Z',
      'tags = [',
      '  "a",',
      "  'b', # b",
      ']',
      '[permalinks]',
      '  posts = "/:year/:slug/"',
    ].join('\n');
    expect(parseToml(toml)).toEqual({
      title: 'A "quoted" # title',
      slug: 'raw\\path',
      weight: 3,
      draft: true,
      date: '2019-03-05T10:00:00Z',
      tags: ['a', 'b'],
      permalinks: { posts: '/:year/:slug/' },
    });
  });
});

describe('readFrontMatter', () => {
  it.each([
    ['YAML', '---\ntitle: A\n---\nBody', { title: 'A' }, 'Body'],
    ['TOML', '+++\ntitle = "A"\n+++\nBody', { title: 'A' }, 'Body'],
    ['none', '# Just text\n\n---\n\nmore', {}, '# Just text\n\n---\n\nmore'],
  ])('%s', (_kind, source, data, body) => {
    const file = readFrontMatter(source);
    expect(file.data).toEqual(data);
    expect(file.content.trim()).toBe(body);
  });

  it("Hexo's form without an opening --- only when asked", () => {
    expect(readFrontMatter('title: A\n---\nBody', true)).toEqual({ data: { title: 'A' }, content: 'Body' });
    expect(readFrontMatter('title: A\n---\nBody').data).toEqual({});
  });
});

describe('expandPermalink', () => {
  const values = {
    year: '2024',
    month: '01',
    i_month: '1',
    day: '02',
    title: 'hi',
    categories: '',
    output_ext: '.html',
  };
  it.each([
    [':year/:month/:day/:title/', '/2024/01/02/hi/'],
    ['/:categories/:year/:i_month/:title:output_ext', '/2024/1/hi.html'],
    ['/:unknown/:title/', '/hi/'],
    ['/posts/:title/index.html', '/posts/hi/'],
  ])('%s → %s', (pattern, path) => {
    expect(expandPermalink(pattern, values)).toBe(path);
  });
});

describe('findPictureRefs', () => {
  it('Markdown and HTML images, titles and <> dropped, each once, data: URLs skipped', () => {
    const markdown =
      '![a](x.png "t") ![](<y z.png>) <img alt="c" src="/c.jpg"> ![again](x.png) ![d](data:image/png;base64,AA)';
    expect(findPictureRefs(markdown)).toEqual([
      { ref: 'x.png', alt: 'a' },
      { ref: 'y z.png' },
      { ref: '/c.jpg', alt: 'c' },
    ]);
  });
});
