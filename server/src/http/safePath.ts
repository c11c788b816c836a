import fs from 'node:fs/promises';
import path from 'node:path';
import { said } from '../i18n/said.ts';
import { invalidField } from './errors.ts';

export interface SafePathOptions {
  /** Allow segments starting with a dot (`.git`, `.env`); refused by default. */
  allowDotfiles?: boolean;
  /** Longest accepted path, in characters. */
  maxLength?: number;
}

const refused = (field: string) => invalidField(field, 'path', said('error.files.badPath'));

/** Decodes %-escapes once more, so a path that a later layer decodes again is judged as that layer sees it. */
const decodedOnce = (text: string): string => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

const segmentsOf = (requested: string, field: string, options: SafePathOptions): string[] => {
  if (requested.length > (options.maxLength ?? 1024)) throw refused(field);
  for (const form of [requested, decodedOnce(requested)]) {
    // NUL and control characters, Windows separators and drive letters have no place in our paths.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point
    if (/[\u0000-\u001f\u007f\\]/.test(form) || /^[A-Za-z]:/.test(form)) throw refused(field);
    if (form.startsWith('/')) throw refused(field);
    const parts = form.split('/');
    if (parts.some((p) => p === '..' || (!options.allowDotfiles && p.startsWith('.') && p !== '.'))) {
      throw refused(field);
    }
  }
  return requested.split('/').filter((p) => p !== '' && p !== '.');
};

/**
 * A path that came from a request, as a normalised relative path (`a/b/c`, `''` for the root):
 * refuses `..`, absolute paths, backslashes, control characters and (by default) dotfiles, also
 * when %-encoded. Use it for storage keys and repository paths that never touch the disk directly.
 */
export const safeRelativePath = (requested: string, field = 'path', options: SafePathOptions = {}): string =>
  segmentsOf(requested, field, options).join('/');

/**
 * Joins a request's path onto `root` and proves the result stays inside it. Throws 4000 on `field`
 * otherwise. Lexical only: use `realPathInside` before reading or writing through symlinks.
 */
export const safeJoin = (
  root: string,
  requested: string,
  field = 'path',
  options: SafePathOptions = {},
): string => {
  const base = path.resolve(root);
  const joined = path.resolve(base, ...segmentsOf(requested, field, options));
  if (joined !== base && !joined.startsWith(base + path.sep)) throw refused(field);
  return joined;
};

/**
 * Like `safeJoin`, and also follows symlinks of the part that exists on disk: a link inside the root
 * that points outside it is refused too.
 */
export const realPathInside = async (
  root: string,
  requested: string,
  field = 'path',
  options: SafePathOptions = {},
): Promise<string> => {
  const joined = safeJoin(root, requested, field, options);
  const realRoot = await fs.realpath(root);
  // The deepest ancestor that exists decides where the path really leads.
  let existing = joined;
  for (;;) {
    try {
      const real = await fs.realpath(existing);
      if (real !== realRoot && !real.startsWith(realRoot + path.sep)) throw refused(field);
      return joined;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      const parent = path.dirname(existing);
      if (parent === existing) throw refused(field);
      existing = parent;
    }
  }
};
