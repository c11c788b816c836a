/**
 * Dates as static-site front matter and export files write them: a YAML timestamp already turned into
 * a Date, an ISO string, or the looser `2018-7-24 23:31:06 +0200` that YAML leaves as a string. A
 * time without a zone is read as UTC (the generators would use the site's zone, which the archive
 * may not say; UTC keeps the result the same on every server).
 */
const LOOSE =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*(Z|[+-]\d{2}:?\d{2})?$/i;

export function parseLooseDate(value: unknown): number | undefined {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : value.getTime();
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const match = LOOSE.exec(text);
  if (!match) {
    const parsed = Date.parse(text);
    return Number.isNaN(parsed) ? undefined : parsed;
  }
  const [, y, mo, d, h, mi, s, frac, zone] = match;
  const ms = frac ? Number(frac.slice(0, 3).padEnd(3, '0')) : 0;
  const utc = Date.UTC(
    Number(y),
    Number(mo) - 1,
    Number(d),
    Number(h ?? 0),
    Number(mi ?? 0),
    Number(s ?? 0),
    ms,
  );
  return utc - zoneOffsetMs(zone);
}

function zoneOffsetMs(zone: string | undefined): number {
  if (!zone || zone.toUpperCase() === 'Z') return 0;
  const digits = zone.replace(':', '');
  const sign = digits.startsWith('-') ? -1 : 1;
  const hours = Number(digits.slice(1, 3));
  const minutes = Number(digits.slice(3, 5));
  return sign * (hours * 60 + minutes) * 60_000;
}
