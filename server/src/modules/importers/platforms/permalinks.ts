/**
 * Fills a generator's permalink pattern (`:year/:month/:day/:title/`) with one post's values. Longer
 * names go first so `:i_month` is not read as `:i` + `_month`. Unknown names are dropped rather than
 * left in the path.
 */
export function expandPermalink(pattern: string, values: Record<string, string>): string {
  const names = Object.keys(values).sort((a, b) => b.length - a.length);
  const expanded = pattern.replace(/:([a-z_]+)/gi, (_whole, name: string) => {
    const known = names.find((candidate) => name.startsWith(candidate));
    if (!known) return '';
    return `${values[known]}${name.slice(known.length)}`;
  });
  return sitePath(expanded);
}

/** A leading slash, no doubled slashes, no `index.html` at the end. */
export function sitePath(path: string): string {
  return `/${path}`.replace(/\/{2,}/g, '/').replace(/\/index\.html$/, '/');
}

/** Date parts as the generators print them, read in UTC (see looseDates.ts). */
export function dateParts(ms: number): Record<string, string> {
  const date = new Date(ms);
  const two = (n: number) => String(n).padStart(2, '0');
  return {
    year: String(date.getUTCFullYear()),
    month: two(date.getUTCMonth() + 1),
    day: two(date.getUTCDate()),
    i_month: String(date.getUTCMonth() + 1),
    i_day: String(date.getUTCDate()),
    hour: two(date.getUTCHours()),
    minute: two(date.getUTCMinutes()),
    second: two(date.getUTCSeconds()),
  };
}

/** The site's absolute URL for a path, when the config names the site (`url`, `baseURL`). */
export function joinUrl(base: string | undefined, path: string): string[] {
  if (!base || !/^https?:\/\//.test(base)) return [];
  return [`${base.replace(/\/+$/, '')}${path}`];
}
