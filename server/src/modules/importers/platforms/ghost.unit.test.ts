import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ImportFormatError, type ImportInput } from '../types.ts';
import { parseGhost } from './ghost.ts';

const fixtureDir = join(import.meta.dirname, '../../../../test/fixtures/import/ghost');
const fixtureText = readFileSync(join(fixtureDir, 'v4_export.trimmed.json'), 'utf8');
const asFile = (text: string): ImportInput => ({
  kind: 'file',
  name: 'export.json',
  bytes: new TextEncoder().encode(text),
});

type Row = Record<string, unknown>;
/** The real export with some of its posts' fields changed, for states the Ghost fixture does not hold. */
function withPosts(change: (posts: Row[]) => void, shape?: (json: { db: { data: Row }[] }) => unknown) {
  const json = JSON.parse(fixtureText) as { db: { data: Row }[] };
  change(json.db[0]!.data.posts as Row[]);
  return asFile(JSON.stringify(shape ? shape(json) : json));
}

describe('Ghost export (Ghost 4.1, its own test fixture)', () => {
  const bundle = parseGhost(asFile(fixtureText));
  const byId = new Map(bundle.posts.map((post) => [post.sourceId, post]));
  const portal = byId.get('605ac141a2d5a6aa9e101ec3')!;

  it('reads every post and page, the about page as about', () => {
    expect(bundle.platform).toBe('ghost');
    expect(bundle.posts.map((post) => [post.title, post.kind])).toEqual([
      ['Building your audience with subscriber signups', 'essay'],
      ['About this site', 'about'],
      ['Privacy', 'essay'],
    ]);
  });

  it('keeps publication dates to the millisecond and the update date', () => {
    expect(portal.publishedAt).toBe(Date.UTC(2021, 2, 24, 4, 34, 12));
    expect(portal.updatedAt).toBe(Date.UTC(2021, 2, 24, 4, 34, 9));
    expect(byId.get('605ac141a2d5a6aa9e101ecf')!.publishedAt).toBe(Date.UTC(2021, 2, 24, 4, 34, 18));
  });

  it('tags through posts_tags, old paths /slug/, no old URL without a site URL', () => {
    expect(portal.tags).toEqual(['Getting Started']);
    expect(byId.get('605ac141a2d5a6aa9e101ecb')!.tags).toEqual([]);
    expect(portal.oldPaths).toEqual(['/portal/']);
    expect(portal.oldUrls).toEqual([]);
    expect(portal.hidden).toBe(false);
    expect(portal.scheduled).toBe(false);
  });

  it('converts the HTML to Markdown, with __GHOST_URL__ made site-relative and pictures listed', () => {
    expect(portal.content).toContain('The feature that makes all this possible is called *Portal*.');
    expect(portal.content).toContain('[setting up premium subscriptions](/sell/)');
    expect(portal.content).not.toContain('<p>');
    const picture = 'https://static.ghost.org/v4.0.0/images/portalsettings.png';
    expect(portal.pictures).toEqual([{ ref: picture, url: picture }]);
  });

  it('warns, in Chinese, that Ghost exports hold no comments', () => {
    expect(bundle.comments).toEqual([]);
    const warning = bundle.warnings.find((w) => w.kind === 'ghost-no-comments');
    expect(warning?.message).toMatch(/评论/);
  });

  it('renders mobiledoc when the export has no html', () => {
    const input = withPosts((posts) => {
      for (const post of posts) post.html = null;
    });
    const about = parseGhost(input).posts.find((post) => post.kind === 'about')!;
    expect(about.content).toContain('> **Tip:** If you');
    expect(about.content).toContain('`/edit`');
    expect(about.content.split('\n\n')).toHaveLength(4);
  });

  it('renders Ghost 5 Lexical when there is neither html nor mobiledoc', () => {
    const lexical = {
      root: {
        type: 'root',
        children: [
          { type: 'heading', tag: 'h2', children: [{ type: 'text', text: 'Hello', format: 0 }] },
          {
            type: 'paragraph',
            children: [
              { type: 'text', text: 'bold', format: 1 },
              { type: 'text', text: ' and ', format: 0 },
              {
                type: 'link',
                url: 'https://ghost.org',
                children: [{ type: 'text', text: 'a link', format: 0 }],
              },
            ],
          },
          { type: 'image', src: '__GHOST_URL__/content/images/a.png', altText: 'A' },
          { type: 'paywall' },
        ],
      },
    };
    const input = withPosts((posts) => {
      posts[2]!.html = null;
      posts[2]!.mobiledoc = null;
      posts[2]!.lexical = JSON.stringify(lexical);
    });
    const result = parseGhost(input);
    const privacy = result.posts[2]!;
    expect(privacy.content).toBe(
      '## Hello\n\n**bold** and [a link](https://ghost.org)\n\n![A](/content/images/a.png)',
    );
    expect(privacy.pictures).toEqual([{ ref: '/content/images/a.png', alt: 'A' }]);
    expect(result.warnings).toContainEqual(
      expect.objectContaining({ kind: 'unknown-block', sourceId: privacy.sourceId }),
    );
  });

  it('falls back to the plaintext, with a warning, when the editor document is unreadable', () => {
    const input = withPosts((posts) => {
      posts[2]!.html = null;
      posts[2]!.mobiledoc = '{not json';
    });
    const result = parseGhost(input);
    expect(result.posts[2]!.content).toMatch(
      /^Wondering how Ghost fares when it comes to privacy and GDPR rules\? Good news:\nGhost/,
    );
    expect(result.warnings).toContainEqual(
      expect.objectContaining({ kind: 'unknown-block', sourceId: '605ac141a2d5a6aa9e101ecf' }),
    );
  });

  it.each([
    ['draft', true, false, Date.UTC(2021, 2, 24, 4, 34, 9)],
    ['scheduled', false, true, Date.UTC(2031, 0, 1)],
    ['published', false, false, Date.UTC(2021, 2, 24, 4, 34, 12)],
  ])('status %s → hidden %s, scheduled %s', (status, hidden, scheduled, publishedAt) => {
    const input = withPosts((posts) => {
      posts[0]!.status = status;
      if (status === 'draft') posts[0]!.published_at = null;
      if (status === 'scheduled') posts[0]!.published_at = '2031-01-01T00:00:00.000Z';
    });
    const post = parseGhost(input).posts[0]!;
    expect([post.hidden, post.scheduled, post.publishedAt]).toEqual([hidden, scheduled, publishedAt]);
  });

  it('reads the older top-level {meta, data} shape and old URLs when the export names the site', () => {
    const input = withPosts(
      () => {},
      (json) => {
        const data = json.db[0]!.data;
        data.settings = [{ key: 'url', value: 'https://blog.example.com/' }];
        return { meta: { version: '003' }, data };
      },
    );
    const portalPost = parseGhost(input).posts[0]!;
    expect(portalPost.oldUrls).toEqual(['https://blog.example.com/portal/']);
    expect(portalPost.content).toContain('(https://blog.example.com/sell/)');
  });

  it.each([
    ['not JSON', asFile('<rss></rss>'), /JSON/],
    ['JSON without posts', asFile('{"db":[{"data":{}}]}'), /posts/],
    ['an archive without JSON', { kind: 'archive', name: 'a.zip', files: new Map() } as ImportInput, /JSON/],
  ])('%s is an ImportFormatError with a reason', (_label, input, reason) => {
    expect(() => parseGhost(input)).toThrow(ImportFormatError);
    expect(() => parseGhost(input)).toThrow(reason);
  });
});
