import { said } from '../../../i18n/said.ts';
import { type ImportedPicture, type ImportedPost, type ImportWarning, importWarning } from '../types.ts';
import { parseLooseDate } from './looseDates.ts';
import { absoluteUrl, findPictureRefs, isAbsoluteUrl } from './markdownPictures.ts';
import { joinUrl } from './permalinks.ts';
import { dirname, normalizePath, type SiteFolder } from './siteArchive.ts';

/** One Markdown file of the site, its front matter read. */
export interface SiteDoc {
  path: string;
  data: Record<string, unknown>;
  content: string;
}

/** What each generator's rules decide about one Markdown file; `finishSitePost` does the rest. */
export interface SitePostPlan {
  path: string;
  kind: ImportedPost['kind'];
  title: string;
  content: string;
  publishedAt: number | undefined;
  updatedAt: number | undefined;
  hidden: boolean;
  tags: string[];
  oldPaths: string[];
  /** Folders a site-absolute reference (`/img/a.png`) is looked up in, site-relative ('' = root). */
  staticRoots: string[];
  /** Extra folders a relative reference is tried in (Hexo's post asset folder). */
  extraFolders?: string[];
}

export interface SiteContext {
  site: SiteFolder;
  siteUrl: string | undefined;
  now: number;
  warnings: ImportWarning[];
}

/** Front-matter strings, lists, space-separated Jekyll lists and Hexo's nested category lists. */
export function listValue(value: unknown, splitSpaces = false): string[] {
  if (Array.isArray(value)) return value.flatMap((item) => listValue(item, splitSpaces));
  if (typeof value === 'number') return [String(value)];
  if (typeof value !== 'string') return [];
  const parts = splitSpaces ? value.split(/\s+/) : [value];
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

export function uniqueTags(...lists: string[][]): string[] {
  return [...new Set(lists.flat())];
}

export function textValue(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number') return String(value);
  return undefined;
}

export function firstDate(data: Record<string, unknown>, keys: string[]): number | undefined {
  for (const key of keys) {
    const value = parseLooseDate(data[key]);
    if (value !== undefined) return value;
  }
  return undefined;
}

function resolvePicture(ref: string, alt: string | undefined, plan: SitePostPlan, ctx: SiteContext) {
  const picture: ImportedPicture = alt ? { ref, alt } : { ref };
  if (isAbsoluteUrl(ref)) {
    picture.url = absoluteUrl(ref);
    return picture;
  }
  const clean = decodeURIComponent(ref.replace(/[?#].*$/, ''));
  const candidates = clean.startsWith('/')
    ? plan.staticRoots.map((root) => `${root}${clean}`)
    : [dirname(plan.path), ...(plan.extraFolders ?? [])].map((folder) => `${folder}/${clean}`);
  for (const candidate of candidates) {
    const path = normalizePath(candidate);
    const bytes = path === undefined ? undefined : ctx.site.files.get(path);
    if (bytes) {
      picture.bytes = bytes;
      return picture;
    }
  }
  const [url] = clean.startsWith('/') ? joinUrl(ctx.siteUrl, clean) : [];
  if (url) picture.url = url;
  return picture;
}

export function finishSitePost(plan: SitePostPlan, ctx: SiteContext): ImportedPost {
  if (plan.publishedAt === undefined) {
    ctx.warnings.push(
      importWarning('missing-date', said('importers.missingDate', { path: plan.path }), plan.path),
    );
  }
  const publishedAt = plan.publishedAt ?? 0;
  const content = plan.content.trim();
  const post: ImportedPost = {
    sourceId: plan.path,
    kind: plan.kind,
    title: plan.title,
    content,
    publishedAt,
    hidden: plan.hidden,
    // The generators leave a future-dated post out of the built site until its date.
    scheduled: !plan.hidden && publishedAt > ctx.now,
    tags: plan.tags,
    oldPaths: [...new Set(plan.oldPaths)],
    oldUrls: [...new Set(plan.oldPaths.flatMap((path) => joinUrl(ctx.siteUrl, path)))],
    pictures: findPictureRefs(content).map(({ ref, alt }) => resolvePicture(ref, alt, plan, ctx)),
  };
  if (plan.updatedAt !== undefined) post.updatedAt = plan.updatedAt;
  return post;
}
