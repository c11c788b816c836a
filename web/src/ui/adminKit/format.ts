import { intlTag, t } from '../../i18n/i18n.ts';

const units: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
  ['second', 1000],
];

/** One formatter per language (building one is not free, and a table has many times). */
const relatives = new Map<string, Intl.RelativeTimeFormat>();
const relative = (): Intl.RelativeTimeFormat => {
  const tag = intlTag();
  let format = relatives.get(tag);
  if (!format) {
    format = new Intl.RelativeTimeFormat(tag, { numeric: 'auto' });
    relatives.set(tag, format);
  }
  return format;
};

/** '3 小时后', '5 分钟前', '现在' (in 3 hours, 5 minutes ago, now) — the largest unit that fits, rounded down. */
export const relativeTime = (ms: number, now: number = Date.now()): string => {
  const diff = ms - now;
  for (const [unit, size] of units) {
    const amount = Math.trunc(diff / size);
    if (amount !== 0) return relative().format(amount, unit);
  }
  return t('admin.kit.time.now');
};

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * `2026-11-22 13:05` in the viewer's local time: the same in every language (as the public pages'
 * dates), short enough for a table cell on a phone.
 */
export const formatDateTime = (ms: number): string => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

/** The size's number in the active language: no grouping (`1000 KB`), 0 or 1 decimal. */
const numbers = new Map<string, Intl.NumberFormat>();
const number = (value: number, digits: 0 | 1): string => {
  const key = `${intlTag()} ${digits}`;
  let format = numbers.get(key);
  if (!format) {
    format = new Intl.NumberFormat(intlTag(), {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    });
    numbers.set(key, format);
  }
  return format.format(value);
};

/** 1536 → '1.5 KB'. */
export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${number(bytes, 0)} B`;
  const names = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let index = 0;
  while (value >= 1024 && index < names.length - 1) {
    value /= 1024;
    index += 1;
  }
  return `${number(value, value >= 100 ? 0 : 1)} ${names[index]}`;
};
