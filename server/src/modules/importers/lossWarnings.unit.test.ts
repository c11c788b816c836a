import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { fixtureFile, folderAsArchive, importFixtures } from '../../../test/importFixtures.ts';
import { parseHexo } from './platforms/markdownSite.ts';
import { parseMemos } from './platforms/memos.ts';
import { previewOf } from './present.ts';

const warningsOf = (preview: ReturnType<typeof previewOf>, kind: string) =>
  preview.warnings.filter((w) => w.kind === kind);

/** The preview says, with counts, what this site has no place for (issue 27: nothing lost silently). */
describe('the preview of what cannot be carried', () => {
  it('counts the Hexo posts whose tags and categories stay behind, and names the tags', () => {
    const bundle = parseHexo(folderAsArchive(path.join(importFixtures, 'hexo/site')));
    const tagged = bundle.posts.filter((p) => p.kind !== 'moment' && p.tags.length > 0);
    expect(tagged.length).toBeGreaterThan(0);
    const [warning, ...more] = warningsOf(previewOf(bundle), 'tags-not-carried');
    expect(more).toEqual([]);
    expect(warning?.message).toMatch(new RegExp(`^${tagged.length} 篇带标签或分类`));
    expect(warning?.message).toContain(tagged[0]?.tags[0] ?? '-');
  });

  it('counts the private memos left behind', () => {
    const bundle = parseMemos(fixtureFile('memos/latest/memos_prod.db'));
    const hidden = bundle.posts.filter((p) => p.hidden).length;
    expect(hidden).toBeGreaterThan(0);
    expect(warningsOf(previewOf(bundle), 'private-memos-left').map((w) => w.message)).toEqual([
      `${hidden} 条私密（非公开）memo 留在原处，不会导入：动态没有隐藏状态，导入就会被人看到`,
    ]);
    // Memos' tags are words in the moment's text: they come along, nothing to warn of.
    expect(warningsOf(previewOf(bundle), 'tags-not-carried')).toEqual([]);
  });

  it('warns of nothing when nothing is lost', () => {
    const bundle = parseMemos(fixtureFile('memos/latest/memos_prod.db'));
    const publicOnly = { ...bundle, posts: bundle.posts.filter((p) => !p.hidden) };
    expect(
      previewOf(publicOnly).warnings.filter((w) => w.kind.endsWith('-carried') || w.kind.endsWith('-left')),
    ).toEqual([]);
  });
});
