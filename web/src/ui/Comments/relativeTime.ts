import { intlTag, t } from '../../i18n/i18n.ts';

const minute = 60_000;
const hour = 60 * minute;
const day = 24 * hour;

/** One formatter per language: building one is not free on a phone, and a thread has many times. */
const formatters = new Map<string, Intl.RelativeTimeFormat>();
const formatter = (): Intl.RelativeTimeFormat => {
  const tag = intlTag();
  let format = formatters.get(tag);
  if (!format) {
    format = new Intl.RelativeTimeFormat(tag, { numeric: 'always' });
    formatters.set(tag, format);
  }
  return format;
};

/**
 * "刚刚", "5分钟前", "3小时前", "2天前" (just now, 5 minutes ago…) by `Intl` in the active
 * language (issue 44), then the date (`2026-01-05`, the same in every language).
 */
export const relativeTime = (then: number, now: number = Date.now()): string => {
  const ago = now - then;
  if (ago < minute) return t('time.justNow');
  if (ago < hour) return formatter().format(-Math.floor(ago / minute), 'minute');
  if (ago < day) return formatter().format(-Math.floor(ago / hour), 'hour');
  if (ago < 30 * day) return formatter().format(-Math.floor(ago / day), 'day');
  const date = new Date(then);
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;
};
