import { dateParts, expandPermalink, sitePath } from './permalinks.ts';
import { basename, dirname, stem } from './siteArchive.ts';
import { firstDate, listValue, type SiteDoc, type SitePostPlan, textValue, uniqueTags } from './sitePost.ts';

/**
 * Hugo's rules for one content file: a page bundle (`posts/x/index.md`) is named by its folder, the
 * path is `/:section/:slug/` unless `url` or the site's `[permalinks]` say otherwise, Hugo lower-cases
 * paths, and `aliases` are old paths too. Headless bundles (home-page fragments) are not posts.
 */
export function hugoPlan(doc: SiteDoc, config: Record<string, unknown>): SitePostPlan | undefined {
  if (doc.data.headless === true) return undefined;
  const relative = doc.path.replace(/^content\//, '');
  const isBundle = /^index\.[^/]+$/.test(basename(relative));
  const fileName = isBundle ? basename(dirname(relative)) : stem(relative);
  const folder = isBundle ? dirname(dirname(relative)) : dirname(relative);
  const section =
    relative.includes('/') && !(isBundle && folder === '') ? (relative.split('/')[0] ?? '') : '';
  const slug = textValue(doc.data.slug) ?? fileName;
  const title = textValue(doc.data.title) ?? fileName;
  const date = firstDate(doc.data, ['date', 'publishDate', 'pubdate', 'published']);
  const about = section === '' && fileName.toLowerCase() === 'about';
  const patterns = config.permalinks;
  const pattern =
    typeof patterns === 'object' && patterns !== null
      ? textValue((patterns as Record<string, unknown>)[section])
      : undefined;
  const ownUrl = textValue(doc.data.url);
  const oldPath = ownUrl
    ? sitePath(ownUrl)
    : pattern
      ? expandPermalink(pattern, {
          ...dateParts(date ?? 0),
          slug,
          title: title.toLowerCase().replace(/\s+/g, '-'),
          filename: fileName,
          contentbasename: fileName,
          section,
          sections: folder,
        })
      : sitePath(`${folder}/${slug}/`);
  const aliases = listValue(doc.data.aliases).map((alias) =>
    sitePath(alias.startsWith('/') ? alias : `${folder}/${alias}/`),
  );
  return {
    path: doc.path,
    kind: about ? 'about' : 'essay',
    title,
    content: doc.content,
    publishedAt: date,
    updatedAt: firstDate(doc.data, ['lastmod', 'modified']),
    hidden: doc.data.draft === true,
    tags: uniqueTags(listValue(doc.data.tags), listValue(doc.data.categories)),
    oldPaths: [oldPath.toLowerCase(), ...aliases.map((alias) => alias.toLowerCase())],
    staticRoots: ['static', 'assets'],
  };
}
