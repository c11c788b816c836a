import { mf2 } from 'microformats-parser';
import type { MentionKind } from '../../db/schemaWebmentions.ts';

/** What a verified mention says about itself, as plain text and http(s) addresses only. */
export interface Mention {
  kind: MentionKind;
  authorName: string;
  authorUrl: string;
  authorPhoto: string | null;
  content: string;
}

type Item = { type?: string[]; properties?: Record<string, unknown[]>; value?: unknown; children?: Item[] };

const CONTENT_MAX = 2000;
const NAME_MAX = 100;

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null;

/** An http(s) address, or null: a `javascript:` author URL must never reach a link on our page. */
const httpUrl = (value: unknown): string | null => {
  const raw = typeof value === 'string' ? value : isItem(value) ? (value as { value?: unknown }).value : null;
  if (typeof raw !== 'string') return null;
  const url = URL.parse(raw.trim());
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url.toString() : null;
};

/** A property's first value as text (`e-*` gives `{value, html}`: its text, never its markup). */
const textOf = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (isItem(value) && typeof value.value === 'string') return value.value;
  return '';
};

const clip = (text: string, max: number) => {
  const clean = text.replace(/\s+/g, ' ').trim();
  return clean.length > max ? `${clean.slice(0, max - 1)}…` : clean;
};

/** Every h-entry of the page, nested ones (an h-feed's children) included, in document order. */
const entriesOf = (items: Item[]): Item[] =>
  items.flatMap((item) => [
    ...(item.type?.includes('h-entry') ? [item] : []),
    ...entriesOf(item.children ?? []),
    ...entriesOf(
      Object.values(item.properties ?? {})
        .flat()
        .filter(isItem),
    ),
  ]);

/** Whether a property (`in-reply-to`, `like-of` …) names `target`, as an address or an h-cite. */
const names = (entry: Item, property: string, target: string): boolean =>
  (entry.properties?.[property] ?? []).some((value) => {
    const url = httpUrl(value) ?? (isItem(value) ? httpUrl(value.properties?.url?.[0]) : null);
    return url !== null && URL.parse(url)?.href === URL.parse(target)?.href;
  });

const kindOf = (entry: Item | undefined, target: string): MentionKind => {
  if (!entry) return 'mention';
  if (names(entry, 'like-of', target)) return 'like';
  if (names(entry, 'repost-of', target)) return 'repost';
  if (names(entry, 'in-reply-to', target)) return 'reply';
  return 'mention';
};

/**
 * Reads a source page (already verified to link to `target`) with the microformats2 parser: the
 * h-entry that replies to, likes or reposts the target (else the first h-entry), its author's
 * h-card, and its content as text. A page without microformats is a plain mention by its host.
 */
export const readMention = (html: string, source: string, target: string): Mention => {
  let items: Item[] = [];
  try {
    items = mf2(html, { baseUrl: source }).items as Item[];
  } catch {
    // An empty or unparsable page is still a mention; it just says nothing about itself.
  }
  const entries = entriesOf(items);
  const entry = entries.find((e) => kindOf(e, target) !== 'mention') ?? entries[0];
  const sourceUrl = new URL(source);
  const author = entry?.properties?.author?.[0];
  const card = isItem(author) ? author.properties : undefined;
  const authorUrl = httpUrl(card?.url?.[0]) ?? httpUrl(author) ?? sourceUrl.origin;
  const authorName =
    clip(
      textOf(card?.name?.[0]) || (typeof author === 'string' && !httpUrl(author) ? author : ''),
      NAME_MAX,
    ) || sourceUrl.host;
  const properties = entry?.properties ?? {};
  const content = clip(
    textOf(properties.content?.[0]) || textOf(properties.summary?.[0]) || textOf(properties.name?.[0]),
    CONTENT_MAX,
  );
  return {
    kind: kindOf(entry, target),
    authorName,
    authorUrl,
    authorPhoto: httpUrl(card?.photo?.[0]),
    content,
  };
};
