import { said } from '../../../i18n/said.ts';
import {
  type ImportBundle,
  type ImportedPost,
  type ImportInput,
  type ImportPlatform,
  type ImportWarning,
  importWarning,
} from '../types.ts';
import { readFrontMatter } from './frontMatter.ts';
import { hugoPlan } from './hugoRules.ts';
import { dateParts, expandPermalink, sitePath } from './permalinks.ts';
import { basename, dirname, openSite, readSiteConfig, type SiteFolder, stem } from './siteArchive.ts';
import {
  finishSitePost,
  firstDate,
  listValue,
  type SiteContext,
  type SiteDoc,
  type SitePostPlan,
  textValue,
  uniqueTags,
} from './sitePost.ts';

/**
 * Hexo, Hugo and Jekyll source folders (zipped by the owner): each Markdown post with its front
 * matter, pictures found in the archive, and the path the generator gave it by default or by its
 * `permalink` / `slug` / `url` keys, so the old links can be redirected.
 */

const MARKDOWN = /\.(md|markdown|mdown|mkd)$/i;

function readDocs(
  site: SiteFolder,
  paths: string[],
  hexoLoose: boolean,
  warnings: ImportWarning[],
): SiteDoc[] {
  const docs: SiteDoc[] = [];
  for (const path of paths.sort()) {
    try {
      const { data, content } = readFrontMatter(site.text(path) ?? '', hexoLoose);
      docs.push({ path, data, content });
    } catch {
      warnings.push(importWarning('bad-front-matter', said('importers.badFrontMatter', { path }), path));
    }
  }
  return docs;
}

function bundle(platform: ImportPlatform, posts: ImportedPost[], warnings: ImportWarning[]): ImportBundle {
  return { platform, posts, comments: [], warnings };
}

const isDraftFlag = (data: Record<string, unknown>) => data.draft === true || data.published === false;
const isAboutPath = (path: string) => /^(about|about\/index)\.(md|markdown)$/i.test(path);

// --- Hexo ---

export function parseHexo(input: ImportInput, now = Date.now()): ImportBundle {
  const site = openSite(input, 'hexo', 'source/_posts/', said('importers.folder', { path: 'source/_posts' }));
  const config = readSiteConfig(site, ['_config.yml', '_config.yaml']);
  const warnings: ImportWarning[] = [];
  const ctx: SiteContext = { site, siteUrl: textValue(config.url), now, warnings };
  const root = textValue(config.root) ?? '/';
  const pattern = textValue(config.permalink) ?? ':year/:month/:day/:title/';
  const paths = [...site.files.keys()].filter(
    (path) =>
      MARKDOWN.test(path) &&
      (/^source\/_(posts|drafts)\//.test(path) || isAboutPath(path.replace(/^source\//, ''))),
  );
  const posts = readDocs(site, paths, true, warnings).map((doc) => {
    const inDrafts = doc.path.startsWith('source/_drafts/');
    const about = isAboutPath(doc.path.replace(/^source\//, ''));
    const relative = doc.path.replace(/^source\/_(posts|drafts)\//, '').replace(MARKDOWN, '');
    const slug = textValue(doc.data.slug) ?? relative;
    const date = firstDate(doc.data, ['date']);
    const categories = listValue(doc.data.categories ?? doc.data.category);
    const ownPermalink = textValue(doc.data.permalink);
    const oldPath = about
      ? sitePath(`${root}/about/`)
      : ownPermalink
        ? sitePath(`${root}/${ownPermalink}`)
        : expandPermalink(`${root}/${pattern}`, {
            ...dateParts(date ?? 0),
            title: slug,
            name: basename(slug),
            post_title: slug,
            category: categories.join('/') || textValue(config.default_category) || 'uncategorized',
          });
    const plan: SitePostPlan = {
      path: doc.path,
      kind: about ? 'about' : 'essay',
      title: textValue(doc.data.title) ?? stem(doc.path),
      content: doc.content,
      publishedAt: date,
      updatedAt: firstDate(doc.data, ['updated']),
      hidden: inDrafts || isDraftFlag(doc.data),
      tags: uniqueTags(listValue(doc.data.tags ?? doc.data.tag), categories),
      oldPaths: [oldPath],
      staticRoots: ['source'],
      // `post_asset_folder`: the folder named like the post holds its pictures.
      extraFolders: [`${dirname(doc.path)}/${stem(doc.path)}`],
    };
    return finishSitePost(plan, ctx);
  });
  return bundle('hexo', posts, warnings);
}

// --- Jekyll ---

const JEKYLL_STYLES: Record<string, string> = {
  date: '/:categories/:year/:month/:day/:title:output_ext',
  pretty: '/:categories/:year/:month/:day/:title/',
  ordinal: '/:categories/:year/:y_day/:title:output_ext',
  none: '/:categories/:title:output_ext',
};

function jekyllPattern(config: Record<string, unknown>): string {
  const collections = config.collections;
  const posts =
    typeof collections === 'object' && collections !== null
      ? (collections as Record<string, unknown>).posts
      : undefined;
  const configured =
    (typeof posts === 'object' && posts !== null
      ? textValue((posts as Record<string, unknown>).permalink)
      : undefined) ??
    textValue(config.permalink) ??
    'date';
  return JEKYLL_STYLES[configured] ?? configured;
}

export function parseJekyll(input: ImportInput, now = Date.now()): ImportBundle {
  const site = openSite(input, 'jekyll', '_posts/', said('importers.folder', { path: '_posts' }));
  const config = readSiteConfig(site, ['_config.yml', '_config.yaml', '_config.toml']);
  const warnings: ImportWarning[] = [];
  const base = `${textValue(config.url) ?? ''}${textValue(config.baseurl) ?? ''}`;
  const ctx: SiteContext = { site, siteUrl: base || undefined, now, warnings };
  const pattern = jekyllPattern(config);
  const paths = [...site.files.keys()].filter(
    (path) => MARKDOWN.test(path) && (/(^|\/)_(posts|drafts)\//.test(path) || isAboutPath(path)),
  );
  const posts = readDocs(site, paths, false, warnings).map((doc) => {
    const about = isAboutPath(doc.path);
    const inDrafts = /(^|\/)_drafts\//.test(doc.path);
    const named = /^(\d{4})-(\d{2})-(\d{2})-(.+)$/.exec(stem(doc.path));
    const slug = textValue(doc.data.slug) ?? named?.[4] ?? stem(doc.path);
    const date =
      firstDate(doc.data, ['date']) ??
      (named ? Date.UTC(Number(named[1]), Number(named[2]) - 1, Number(named[3])) : undefined);
    // Folders above `_posts` are categories too (`blog/_posts/…` is in category "blog").
    const folderCategories =
      doc.path
        .split(/\/?_(?:posts|drafts)\//)[0]
        ?.split('/')
        .filter(Boolean) ?? [];
    const categories = uniqueTags(
      folderCategories,
      listValue(doc.data.categories ?? doc.data.category, true),
    );
    const ownPermalink = textValue(doc.data.permalink);
    const values = {
      ...dateParts(date ?? 0),
      title: slug,
      slug,
      categories: categories.map((c) => c.toLowerCase()).join('/'),
      output_ext: '.html',
    };
    const oldPath = ownPermalink
      ? expandPermalink(ownPermalink, values)
      : about
        ? '/about/'
        : expandPermalink(pattern, values);
    const plan: SitePostPlan = {
      path: doc.path,
      kind: about ? 'about' : 'essay',
      title: textValue(doc.data.title) ?? slug.replace(/-/g, ' '),
      content: doc.content,
      publishedAt: date,
      updatedAt: firstDate(doc.data, ['last_modified_at', 'updated']),
      hidden: inDrafts || isDraftFlag(doc.data),
      tags: uniqueTags(listValue(doc.data.tags ?? doc.data.tag, true), categories),
      oldPaths: [oldPath, ...listValue(doc.data.redirect_from).map(sitePath)],
      staticRoots: [''],
    };
    return finishSitePost(plan, ctx);
  });
  return bundle('jekyll', posts, warnings);
}

// --- Hugo ---

export function parseHugo(input: ImportInput, now = Date.now()): ImportBundle {
  const site = openSite(input, 'hugo', 'content/', said('importers.folder', { path: 'content' }));
  const config = readSiteConfig(site, [
    'hugo.toml',
    'hugo.yaml',
    'hugo.yml',
    'config.toml',
    'config.yaml',
    'config.yml',
    'config/_default/hugo.toml',
    'config/_default/config.toml',
  ]);
  const warnings: ImportWarning[] = [];
  const ctx: SiteContext = { site, siteUrl: textValue(config.baseURL ?? config.baseurl), now, warnings };
  const paths = [...site.files.keys()].filter(
    (path) => path.startsWith('content/') && MARKDOWN.test(path) && !/(^|\/)_index\.[^/]+$/.test(path),
  );
  const posts = readDocs(site, paths, false, warnings)
    .map((doc) => hugoPlan(doc, config))
    .filter((plan) => plan !== undefined)
    .map((plan) => finishSitePost(plan, ctx));
  return bundle('hugo', posts, warnings);
}
