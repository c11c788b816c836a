/**
 * One spelling for an old site's path, used both when an import records it and when a request asks
 * for it: lower-case (WordPress and most static generators match slugs case-blindly), no trailing
 * slash, and of the query only the keys that name an item on a plain-link WordPress (`?p=123`).
 */
const ITEM_KEYS = ['p', 'page_id', 'attachment_id'] as const;

export const normaliseOldPath = (raw: string): string | null => {
  let url: URL;
  try {
    url = new URL(raw, 'http://old.invalid');
  } catch {
    return null;
  }
  const path = url.pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const key = ITEM_KEYS.find((name) => /^\d{1,12}$/.test(url.searchParams.get(name) ?? ''));
  const query = key ? `?${key}=${url.searchParams.get(key)}` : '';
  const result = `${path}${query}`;
  return result.length <= 1000 ? result : null;
};
