import type { ImportBundle, ImportWarning } from './types.ts';

const NAMES_SHOWN = 10;

/**
 * What no import can carry, whatever the platform, because this site has no place for it: essays
 * have no tags, and moments have no hidden state (every moment is shown to the dark key's holders).
 * Said in the preview with counts, before anything is written — never dropped silently.
 */
export const lossWarnings = (bundle: ImportBundle): ImportWarning[] => {
  const warnings: ImportWarning[] = [];
  // A moment's #tags are words in its text and come along with it; only essays lose theirs.
  const tagged = bundle.posts.filter((post) => post.kind !== 'moment' && post.tags.length > 0);
  if (tagged.length > 0) {
    const names = [...new Set(tagged.flatMap((post) => post.tags))];
    const shown = names.slice(0, NAMES_SHOWN).join('、') + (names.length > NAMES_SHOWN ? '…' : '');
    warnings.push({
      kind: 'tags-not-carried',
      message: `${tagged.length} 篇带标签或分类（共 ${names.length} 个：${shown}）：随笔没有标签，标签不会带过来，正文照旧`,
    });
  }
  const privateMemos = bundle.posts.filter((post) => post.kind === 'moment' && post.hidden).length;
  if (privateMemos > 0) {
    warnings.push({
      kind: 'private-memos-left',
      message: `${privateMemos} 条私密（非公开）memo 留在原处，不会导入：动态没有隐藏状态，导入就会被人看到`,
    });
  }
  return warnings;
};
