import { said } from '../../../i18n/said.ts';
import {
  type ImportBundle,
  type ImportedPicture,
  type ImportedPost,
  ImportFormatError,
  type ImportInput,
  type ImportWarning,
  importWarning,
} from '../types.ts';
import { type RenderedDocument, renderLexical, renderMobiledoc } from './ghostCards.ts';
import { htmlToMarkdown } from './htmlToMarkdown.ts';
import { parseLooseDate } from './looseDates.ts';
import { absoluteUrl, findPictureRefs, isAbsoluteUrl } from './markdownPictures.ts';

/**
 * Ghost's JSON export (Labs → Export, versions 1–5): `{db: [{meta, data}]}`, or the older top-level
 * `{meta, data}`. Posts and pages become essays (the page with slug `about` becomes the about page);
 * Ghost's default permalink is `/:slug/`.
 */

type Row = Record<string, unknown>;
interface GhostData {
  posts: Row[];
  tags: Row[];
  postsTags: Row[];
  settings: Row[];
}

const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const rows = (value: unknown): Row[] => (Array.isArray(value) ? value.filter(isRow) : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const GHOST_URL = '__GHOST_URL__';

function readData(json: unknown): GhostData {
  const root = isRow(json) && Array.isArray(json.db) ? json.db[0] : json;
  const data = isRow(root) ? root.data : undefined;
  if (!isRow(data) || !Array.isArray(data.posts)) {
    throw new ImportFormatError('ghost', said('error.importers.ghost.format'));
  }
  return {
    posts: rows(data.posts),
    tags: rows(data.tags),
    postsTags: rows(data.posts_tags),
    settings: rows(data.settings),
  };
}

function parseJson(bytes: Uint8Array): unknown {
  try {
    return JSON.parse(new TextDecoder().decode(bytes));
  } catch {
    throw new ImportFormatError('ghost', said('error.importers.notJson'));
  }
}

/** The export file itself, or the one JSON file in an archive that also carries `content/images`. */
function exportJson(input: ImportInput): unknown {
  if (input.kind === 'file') return parseJson(input.bytes);
  const candidates = [...input.files.keys()].filter((path) => path.toLowerCase().endsWith('.json'));
  if (candidates.length === 0) throw new ImportFormatError('ghost', said('error.importers.ghost.noJson'));
  let lastError: unknown;
  for (const path of candidates) {
    try {
      const json = parseJson(input.files.get(path) ?? new Uint8Array());
      readData(json);
      return json;
    } catch (error) {
      lastError = error;
    }
  }
  throw lastError;
}

/** Ghost keeps the site URL in its config, not the export; some exports and backups carry it anyway. */
function siteUrl(settings: Row[]): string | undefined {
  const setting = settings.find((row) => row.key === 'url' || row.key === 'site_url');
  const value = text(setting?.value).replace(/\/+$/, '');
  return /^https?:\/\//.test(value) ? value : undefined;
}

function tagsByPost(data: GhostData): Map<string, string[]> {
  const names = new Map(data.tags.map((tag) => [text(tag.id), text(tag.name)]));
  const links = [...data.postsTags].sort((a, b) => Number(a.sort_order ?? 0) - Number(b.sort_order ?? 0));
  const byPost = new Map<string, string[]>();
  for (const link of links) {
    const name = names.get(text(link.tag_id));
    // `#internal` tags drive themes and are never shown to readers.
    if (!name || name.startsWith('#')) continue;
    const postId = text(link.post_id);
    byPost.set(postId, [...(byPost.get(postId) ?? []), name]);
  }
  return byPost;
}

/** The editor document as Markdown; a document we cannot read falls back to Ghost's own plaintext. */
function renderDocument(post: Row, warnings: ImportWarning[]): RenderedDocument {
  const html = text(post.html);
  if (html.trim() !== '') return { markdown: htmlToMarkdown(html), unknownCards: [] };
  try {
    if (text(post.lexical) !== '') return renderLexical(text(post.lexical));
    if (text(post.mobiledoc) !== '') return renderMobiledoc(text(post.mobiledoc));
  } catch {
    warnings.push(
      importWarning(
        'unknown-block',
        said('importers.ghost.unreadable', { title: text(post.title) }),
        text(post.id),
      ),
    );
  }
  return { markdown: text(post.markdown) || text(post.plaintext), unknownCards: [] };
}

function postMarkdown(post: Row, warnings: ImportWarning[], base: string): string {
  const { markdown, unknownCards } = renderDocument(post, warnings);
  for (const card of new Set(unknownCards)) {
    warnings.push(importWarning('unknown-block', said('importers.ghost.card', { card }), text(post.id)));
  }
  return markdown.replaceAll(GHOST_URL, base);
}

function pictures(
  markdown: string,
  base: string,
  files: Map<string, Uint8Array> | undefined,
): ImportedPicture[] {
  return findPictureRefs(markdown).map(({ ref, alt }) => {
    const picture: ImportedPicture = alt ? { ref, alt } : { ref };
    if (isAbsoluteUrl(ref)) picture.url = absoluteUrl(ref);
    else if (ref.startsWith('/') && base !== '') picture.url = `${base}${ref}`;
    // A Ghost backup zip keeps uploads under content/images, as the site served them.
    const local = ref.replace(/^https?:\/\/[^/]+/, '').replace(/^\//, '');
    const bytes = files && [...files.entries()].find(([path]) => path.endsWith(local) && local !== '')?.[1];
    if (bytes) picture.bytes = bytes;
    return picture;
  });
}

function isPage(post: Row): boolean {
  return post.type === 'page' || post.page === true || post.page === 1;
}

function toPost(post: Row, tags: string[], base: string, files: ImportInput, warnings: ImportWarning[]) {
  const slug = text(post.slug);
  const status = text(post.status);
  const content = postMarkdown(post, warnings, base);
  const published = parseLooseDate(post.published_at);
  const created = parseLooseDate(post.created_at) ?? 0;
  const oldPath = `/${slug}/`;
  const imported: ImportedPost = {
    sourceId: text(post.id),
    kind: isPage(post) && slug === 'about' ? 'about' : 'essay',
    title: text(post.title),
    content,
    publishedAt: published ?? created,
    hidden: status !== 'published' && status !== 'scheduled',
    scheduled: status === 'scheduled',
    tags,
    oldPaths: [oldPath],
    oldUrls: base !== '' ? [`${base}${oldPath}`] : [],
    pictures: pictures(content, base, files.kind === 'archive' ? files.files : undefined),
  };
  const updated = parseLooseDate(post.updated_at);
  if (updated !== undefined) imported.updatedAt = updated;
  return imported;
}

export function parseGhost(input: ImportInput): ImportBundle {
  const data = readData(exportJson(input));
  const base = siteUrl(data.settings) ?? '';
  const tags = tagsByPost(data);
  const warnings: ImportWarning[] = [importWarning('ghost-no-comments', said('importers.ghost.noComments'))];
  const posts = data.posts.map((post) => {
    const visibility = text(post.visibility);
    if (visibility !== '' && visibility !== 'public') {
      warnings.push(
        importWarning(
          'ghost-members-only',
          said('importers.ghost.membersOnly', { title: text(post.title) }),
          text(post.id),
        ),
      );
    }
    return toPost(post, tags.get(text(post.id)) ?? [], base, input, warnings);
  });
  return { platform: 'ghost', posts, comments: [], warnings };
}
