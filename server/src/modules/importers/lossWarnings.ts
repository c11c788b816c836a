import { list, said } from '../../i18n/said.ts';
import { type ImportBundle, type ImportWarning, importWarning } from './types.ts';

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
    const shown = said('importers.tagsShown', {
      tags: list(names.slice(0, NAMES_SHOWN), said('list.enumeration')),
      more: names.length > NAMES_SHOWN ? '…' : '',
    });
    warnings.push(
      importWarning(
        'tags-not-carried',
        said('importers.tagsNotCarried', { posts: tagged.length, count: names.length, shown }),
      ),
    );
  }
  const privateMemos = bundle.posts.filter((post) => post.kind === 'moment' && post.hidden).length;
  if (privateMemos > 0) {
    warnings.push(
      importWarning('private-memos-left', said('importers.privateMemosLeft', { count: privateMemos })),
    );
  }
  return warnings;
};
