import { said } from '../../../i18n/said.ts';
import {
  type ImportedComment,
  ImportFormatError,
  type ImportInput,
  type ImportPlatform,
  type ImportWarning,
  importWarning,
} from '../types.ts';
import { htmlToMarkdown } from './htmlToMarkdown.ts';

/** Helpers the comment-system exports (Waline, Twikoo, Artalk, Disqus) share. */

export type Row = Record<string, unknown>;
export const isRow = (value: unknown): value is Row =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function inputText(input: ImportInput, platform: ImportPlatform, what: string): string {
  if (input.kind === 'file') return new TextDecoder().decode(input.bytes).replace(/^\uFEFF/, '');
  const files = [...input.files.entries()].filter(([path]) => path.toLowerCase().endsWith(what));
  if (files.length !== 1) throw new ImportFormatError(platform, said('error.importers.oneFile', { what }));
  return new TextDecoder().decode(files[0]![1]).replace(/^\uFEFF/, '');
}

/** JSON, or JSON Lines (one document per line, as MongoDB/CloudBase collection exports write). */
export function parseJsonOrLines(text: string, platform: ImportPlatform): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const lines = text.split(/\r?\n/).filter((line) => line.trim() !== '');
    try {
      if (lines.length > 1) return lines.map((line) => JSON.parse(line) as unknown);
    } catch {
      // Fall through to the one error the owner sees.
    }
    throw new ImportFormatError(platform, said('error.importers.notJson'));
  }
}

/** A comment body: these systems store HTML (or Markdown); HTML goes through turndown, Markdown stays. */
export function commentMarkdown(body: string): string {
  return /<\/?[a-z][^>]*>/i.test(body) ? htmlToMarkdown(body) : body.trim();
}

export const text = (value: unknown): string =>
  typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';

export const optional = (value: unknown): string | undefined => text(value) || undefined;

/** An id written as a string, a number or MongoDB's `{"$oid": "…"}`. */
export function idOf(value: unknown): string {
  if (isRow(value) && typeof value.$oid === 'string') return value.$oid;
  return text(value);
}

export function truthy(value: unknown): boolean {
  return value === true || value === 1 || value === 'true' || value === '1';
}

/** The comment id is the idempotence key: a repeated id (Twikoo's sample has one) keeps its first. */
export function firstOfEachId(comments: ImportedComment[], warnings: ImportWarning[]): ImportedComment[] {
  const seen = new Set<string>();
  return comments.filter((comment) => {
    if (!seen.has(comment.sourceId)) {
      seen.add(comment.sourceId);
      return true;
    }
    warnings.push(
      importWarning(
        'duplicate-comment',
        said('importers.duplicateComment', { id: comment.sourceId }),
        comment.sourceId,
      ),
    );
    return false;
  });
}
