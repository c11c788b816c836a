import { type Language, sourceLanguage } from '@candy/contract/languages';
import { said, sayIn } from '../i18n/said.ts';
/**
 * What a snapshot holds, in words, for the snapshot job's result in the back office (issue 46.2):
 * the owner sees there what the mirrors serve, and that the dark part is sealed (or left out).
 */
export const snapshotSummary = (
  counts: Readonly<Record<string, number>>,
  /** The site's language (SITE_LANGUAGE): the report is kept in it. */
  language: Language = sourceLanguage,
): string => {
  const n = (name: string) => counts[name] ?? 0;
  const open = said('snapshot.summary', {
    essays: n('essays'),
    searchShards: n('searchShards'),
    links: n('links'),
    quotes: n('quotes'),
    bangumi: n('bangumi'),
    videos: n('videos'),
  });
  const dark =
    counts.darkMoments === undefined
      ? said('snapshot.noDark')
      : said('snapshot.dark', {
          moments: n('darkMoments'),
          waifu: n('darkWaifu'),
          pictures: n('darkPictures'),
        });
  return sayIn(language, said('snapshot.parts', { open, dark }));
};
