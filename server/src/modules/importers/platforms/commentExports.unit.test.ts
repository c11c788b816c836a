import { describe, expect, it } from 'vitest';
import { fixtureFile } from '../../../../test/importFixtures.ts';
import { ImportFormatError, type ImportInput, type ImportParser } from '../types.ts';
import { parseArtalk, parseDisqus, parseTwikoo, parseWaline } from './commentExports.ts';

const asFile = (text: string): ImportInput => ({
  kind: 'file',
  name: 'x',
  bytes: new TextEncoder().encode(text),
});
const run = (parse: ImportParser, input: ImportInput) => {
  const bundle = parse(input);
  if (bundle instanceof Promise) throw new Error('comment parsers are synchronous');
  return bundle;
};

describe('Disqus XML', () => {
  it('a real export (Artransfer test sample): page links, threads through <parent>, trimmed values', () => {
    const bundle = run(parseDisqus, fixtureFile('disqus/Disqus.sample'));
    expect(bundle.platform).toBe('disqus');
    expect(bundle.comments.map((c) => [c.sourceId, c.parentSourceId, c.author, c.content])).toEqual([
      ['5585802847', undefined, 'qwqcode', 'test!'],
      ['5585802959', '5585802847', 'qwqcode', 'aha'],
      ['5585809939', undefined, 'what？', 'hahaha'],
      ['5822089611', '5585802959', 'qwqcode', 'testReply'],
    ]);
    expect(bundle.comments[0]).toMatchObject({
      postUrl: 'http://127.0.0.1:5500/disqus.html',
      createdAt: Date.UTC(2021, 9, 27, 1, 4, 29),
      status: 'visible',
      byOwner: false,
    });
    expect(bundle.warnings).toEqual([]);
  });

  it('remark42’s Disqus test data: deleted skipped with a warning, spam kept as spam, broken posts warned', () => {
    const bundle = run(parseDisqus, fixtureFile('disqus/disqus-deleted-post.xml'));
    expect(bundle.comments.map((c) => [c.sourceId, c.status, c.postUrl])).toEqual([
      ['299744309', 'visible', 'https://radio-t.com/p/2011/03/05/podcast-229/'],
      ['299986072', 'visible', 'http://radio-t.umputun.com/2011/03/229_8880.html'],
      ['299986073', 'spam', 'https://radio-t.com/p/2011/03/05/podcast-229/'],
    ]);
    expect(bundle.comments[0]!.email).toBe('mihail.noname@gmail.com');
    expect(bundle.comments[0]!.content).toMatch(/^Microsoft показал проводник Windows 8/);
    expect(bundle.comments[0]!.content).toContain(
      '](http://blogs.msdn.com/b/b8/archive/2011/08/29/improvements-in-windows-explorer.aspx',
    );
    expect(bundle.warnings.map((w) => w.kind).sort()).toEqual([
      'bad-comment',
      'bad-comment',
      'disqus-deleted',
    ]);
  });
});

describe('Twikoo export (Artransfer test sample, JSON Lines)', () => {
  const bundle = run(parseTwikoo, fixtureFile('twikoo/Twikoo.sample'));

  it('reads each comment with its page path, author, HTML as Markdown and ms time', () => {
    expect(bundle.comments).toHaveLength(6);
    expect(bundle.comments[0]).toEqual({
      sourceId: '100ee302d31e7b50398734ca8b07a752',
      postUrl: '/post/1',
      author: 'Typecho',
      email: '6@9i3.cn',
      website: 'http://typecho.org',
      content: '欢迎加入 Typecho 大家族',
      createdAt: 1612421386000,
      status: 'visible',
      byOwner: false,
    });
    expect(bundle.comments[5]!.content).toBe(
      '哈哈 那时候很小 ， 我小名 就叫 “ 小不点 ”\n\n我也是今年才开始记录生活的，以前基本都在折腾，更多的是以相片形式记录~',
    );
  });

  it('a MongoDB {$oid} id that repeats an earlier one keeps the first, with a warning', () => {
    expect(bundle.warnings).toEqual([
      expect.objectContaining({ kind: 'duplicate-comment', sourceId: '219f3d980a64d8bf3b052149d8b85919' }),
    ]);
  });

  it('pid threads, isSpam and master (the blogger) as a JSON array', () => {
    const rows = [
      { _id: 'a', url: '/p/', comment: '<p>hi</p>', nick: 'x', created: 1, isSpam: true },
      { _id: 'b', url: '/p/', comment: 'reply', nick: 'me', created: 2, pid: 'a', rid: 'a', master: true },
    ];
    const [spam, reply] = run(parseTwikoo, asFile(JSON.stringify(rows))).comments;
    expect(spam).toMatchObject({ status: 'spam', content: 'hi' });
    expect(reply).toMatchObject({ parentSourceId: 'a', byOwner: true, status: 'visible' });
  });
});

describe('Artalk .artrans (written by Artalk’s Artransfer)', () => {
  it('threads through rid, page_key as the post URL, ISO dates', () => {
    const bundle = run(parseArtalk, fixtureFile('artalk/Disqus.artrans'));
    expect(bundle.comments.map((c) => [c.sourceId, c.parentSourceId])).toEqual([
      ['5585802847', undefined],
      ['5585802959', '5585802847'],
      ['5585809939', undefined],
      ['5822089611', '5585802959'],
    ]);
    expect(bundle.comments[3]).toMatchObject({
      postUrl: 'http://127.0.0.1:5500/disqus.html',
      createdAt: Date.UTC(2022, 3, 9, 12, 47, 21),
      content: 'testReply',
      status: 'visible',
    });
  });

  it('is_pending is held; the Twikoo-converted file reads too', () => {
    const bundle = run(parseArtalk, fixtureFile('artalk/Twikoo.artrans'));
    expect(bundle.comments[0]).toMatchObject({
      sourceId: '100ee302d31e7b50398734ca8b07a752',
      postUrl: '/post/1',
    });
    const pending = [
      {
        id: '9',
        rid: 0,
        content: '**md**',
        page_key: '/x/',
        created_at: '2024-01-01T00:00:00Z',
        is_pending: true,
      },
    ];
    expect(run(parseArtalk, asFile(JSON.stringify(pending))).comments[0]).toMatchObject({
      status: 'held',
      content: '**md**',
    });
    expect(run(parseArtalk, asFile(JSON.stringify(pending))).comments[0]!.parentSourceId).toBeUndefined();
  });
});

describe('Waline admin export (hand-written from db.js, see SOURCES.md)', () => {
  const bundle = run(parseWaline, fixtureFile('waline/waline-export.handwritten.json'));

  it('statuses, threads through pid, the administrator as owner', () => {
    expect(bundle.comments.map((c) => [c.sourceId, c.status, c.parentSourceId, c.byOwner])).toEqual([
      ['1', 'visible', undefined, false],
      ['2', 'visible', '1', true],
      ['3', 'held', undefined, false],
      ['4', 'spam', undefined, false],
    ]);
    expect(bundle.comments[1]).toMatchObject({
      postUrl: '/2023/12/31/hello/',
      content: '谢谢！`code`',
      createdAt: Date.UTC(2024, 0, 2, 4),
    });
  });

  it('reads the export still wrapped in the API envelope', () => {
    const text = new TextDecoder().decode(fixtureFile('waline/waline-export.handwritten.json').bytes);
    const wrapped = `{"errno":0,"errmsg":"","data":${text}}`;
    expect(run(parseWaline, asFile(wrapped)).comments).toHaveLength(4);
  });
});

describe('not that export', () => {
  it.each([
    ['waline', parseWaline, asFile('{"type":"twikoo"}'), /Waline/],
    ['waline', parseWaline, asFile('not json'), /JSON/],
    ['twikoo', parseTwikoo, asFile('[{"a":1}]'), /_id/],
    ['artalk', parseArtalk, asFile('{"page_key":"/"}'), /artrans/],
    ['disqus', parseDisqus, asFile('<rss><channel/></rss>'), /disqus/],
    ['disqus', parseDisqus, asFile('{"json":true}'), /disqus/],
  ])('%s: ImportFormatError with a reason', (_name, parse, input, reason) => {
    expect(() => run(parse, input)).toThrow(ImportFormatError);
    expect(() => run(parse, input)).toThrow(reason);
  });
});
