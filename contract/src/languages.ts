/**
 * The interface's languages (issue 44). Each has a folder of catalogues beside this file
 * (`i18n/<code>/public.json`, `tools.json`, `admin.json`, `server.json`); adding a language is
 * that folder and one line here. Content (essays, moments, titles) is never translated: only the interface.
 */
export const languages = {
  // The source language: the specification's texts are Chinese, word for word.
  'zh-CN': { name: '中文', intl: 'zh-CN' },
  en: { name: 'English', intl: 'en' },
} as const;

export type Language = keyof typeof languages;

export const sourceLanguage: Language = 'zh-CN';

export const allLanguages = Object.keys(languages) as Language[];

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && Object.hasOwn(languages, value);

/** `zh-TW` → `zh`: languages are matched on their primary subtag (`zh*` is Chinese). */
const primary = (tag: string): string => tag.split('-')[0]?.toLowerCase() ?? '';

/** The ranges of an `Accept-Language` header, highest weight first (RFC 9110 §12.5.4). */
export const acceptedRanges = (header: string): string[] =>
  header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { range: range.trim(), weight: q === undefined ? 1 : Number(q), index };
    })
    .filter((r) => r.range !== '' && r.weight > 0 && Number.isFinite(r.weight))
    .sort((a, b) => b.weight - a.weight || a.index - b.index)
    .map((r) => r.range);

export interface LanguageChoice {
  /** The visitor's own choice (`?lang=` on the server, the storage record in the browser), if any. */
  chosen?: string | null | undefined;
  /** The browser's `Accept-Language` (or `navigator.languages` joined), if any. */
  accepted?: string | null | undefined;
  /** The languages the owner offers; the first is never dropped. */
  offered: readonly Language[];
  /** The owner's default: for a visitor who says nothing. */
  fallback: Language;
}

/**
 * Which language a visitor reads: their own choice when the site offers it; else the first of
 * their browser's languages the site offers (`zh*` → Chinese); a browser that names only languages
 * the site lacks gets English when offered (the language such a reader most likely reads); a
 * visitor who says nothing gets the owner's default.
 */
export const pickLanguage = ({ chosen, accepted, offered, fallback }: LanguageChoice): Language => {
  if (isLanguage(chosen) && offered.includes(chosen)) return chosen;
  const ranges = accepted ? acceptedRanges(accepted) : [];
  for (const range of ranges) {
    const found = offered.find((language) => primary(language) === primary(range));
    if (found) return found;
  }
  const named = ranges.some((range) => range !== '*');
  if (named && offered.includes('en')) return 'en';
  return offered.includes(fallback) ? fallback : (offered[0] ?? sourceLanguage);
};
