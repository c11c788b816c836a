import { type Language, sourceLanguage } from '@candy/contract/languages';
import { type Message, sayIn } from '../../i18n/said.ts';
/**
 * What every platform's parser produces (issue 27): one neutral bundle, so the pipeline (preview →
 * apply, pictures, redirects, idempotence) is written once and each platform only reads its own
 * export format. A parser never touches the database, the storage or the network.
 */

/** The platforms we read. Comment-only exports (Waline, Twikoo, Artalk, Disqus) attach to posts. */
export type ImportPlatform =
  | 'wordpress'
  | 'ghost'
  | 'hexo'
  | 'hugo'
  | 'jekyll'
  | 'memos'
  | 'waline'
  | 'twikoo'
  | 'artalk'
  | 'disqus';

/** A picture the content refers to: inside the archive (bytes known) or only at its old URL. */
export interface ImportedPicture {
  /** The reference exactly as it appears in the content (rewritten there once stored). */
  ref: string;
  /** The picture's bytes when the archive holds them. */
  bytes?: Uint8Array;
  /** The absolute old URL, when there is one (fetched only if the owner ticks it). */
  url?: string;
  alt?: string;
}

export interface ImportedPost {
  /** The source platform's own id for the item (post id, file path…): the idempotence key. */
  sourceId: string;
  /** essay = a dated post; about = the about page; moment = a short status (Memos, Ghost has none). */
  kind: 'essay' | 'about' | 'moment';
  title: string;
  /** Markdown (HTML already converted with turndown; front matter already removed). */
  content: string;
  /** ms epoch of first publication (or creation for drafts). */
  publishedAt: number;
  updatedAt?: number;
  /** Draft, private, password-protected or otherwise not public: imported hidden. */
  hidden: boolean;
  /** A future post: becomes a reservation at `publishedAt`. */
  scheduled: boolean;
  tags: string[];
  /** The old site's path(s) for this item, e.g. `/2019/05/slug/`, `/p/slug`, `/archives/123`. */
  oldPaths: string[];
  /** The old absolute URL(s), so comment exports keyed by URL find their post. */
  oldUrls: string[];
  pictures: ImportedPicture[];
}

export interface ImportedComment {
  /** The platform's comment id: the idempotence key together with the platform. */
  sourceId: string;
  /** The post it belongs to: its `sourceId` when the same export holds both… */
  postSourceId?: string;
  /** …or the old URL/path it was left on (Waline, Twikoo, Artalk, Disqus). */
  postUrl?: string;
  /** The parent comment's `sourceId`, for threads. */
  parentSourceId?: string;
  author: string;
  email?: string;
  website?: string;
  /** Markdown or plain text (HTML converted). */
  content: string;
  createdAt: number;
  /** Unapproved or spam on the old platform: imported held or spam, never visible. */
  status: 'visible' | 'held' | 'spam';
  /** The old site's owner wrote it (WordPress user id, Waline admin…). */
  byOwner: boolean;
}

/** Something the import cannot carry, shown in the preview before anything is written. */
export interface ImportWarning {
  /** A stable key for the kind of loss, e.g. `ghost-no-comments`, `shortcode`, `unknown-block`. */
  kind: string;
  /** In the source language (Chinese), as bundles kept before issue 44 hold it. */
  message: string;
  /** The keyed message: the preview says it in the reader's language. */
  said?: Message;
  sourceId?: string;
}

/** A warning with its keyed message (and its Chinese, which bundles have always kept). */
export const importWarning = (kind: string, message: Message, sourceId?: string): ImportWarning => ({
  kind,
  message: sayIn(sourceLanguage, message),
  said: message,
  ...(sourceId === undefined ? {} : { sourceId }),
});

export interface ImportBundle {
  platform: ImportPlatform;
  posts: ImportedPost[];
  comments: ImportedComment[];
  warnings: ImportWarning[];
}

/**
 * A platform's reader. `input` is the uploaded file's bytes; archives (zip, tar, tar.gz) are opened by
 * the pipeline's safe extractor before the parser sees them, so parsers get `files` and never paths
 * outside the archive. A parser throws `ImportFormatError` when the input is not its format.
 */
export type ImportInput = (
  | { kind: 'file'; name: string; bytes: Uint8Array }
  | { kind: 'archive'; name: string; files: Map<string, Uint8Array> }
) & {
  /** The site's language (SITE_LANGUAGE): what the parser fills in itself (an anonymous author). */
  language?: Language;
};

export type ImportParser = (input: ImportInput) => Promise<ImportBundle> | ImportBundle;

/**
 * The input is not what the owner said it is: answered 4000 with `said` (the parser's own words,
 * keyed: in the caller's language); `reason` is their Chinese.
 */
export class ImportFormatError extends Error {
  readonly reason: string;
  constructor(
    readonly platform: ImportPlatform,
    readonly said: Message,
  ) {
    const reason = sayIn(sourceLanguage, said);
    super(`not a ${platform} export: ${reason}`);
    this.reason = reason;
    this.name = 'ImportFormatError';
  }
}
