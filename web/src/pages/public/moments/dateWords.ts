import { intlTag } from '../../../i18n/i18n.ts';

/**
 * The statistics' calendar words in the active language, by `Intl` (issue 44): `一`/`M` for a
 * weekday row, `12月`/`Dec` over a month, `周三`/`Wed` after a date. Formatters are kept per
 * language: building one costs a few milliseconds on a phone, and a chart asks hundreds of times.
 */
const formatters = new Map<string, Intl.DateTimeFormat>();
const formatter = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const key = `${intlTag()} ${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) {
    // UTC: the dates are calendar days (`2026-11-18`), not instants in the device's time zone.
    format = new Intl.DateTimeFormat(intlTag(), { ...options, timeZone: 'UTC' });
    formatters.set(key, format);
  }
  return format;
};

/** 2024-01-01 was a Monday: the heatmap's row 0. */
const MONDAY = Date.UTC(2024, 0, 1);
const DAY = 86_400_000;

/** The heatmap's row labels, Monday first: every other row named (一, 三, 五, 日), the rest empty. */
export const weekdayRowLabels = (): string[] =>
  Array.from({ length: 7 }, (_, row) =>
    row % 2 === 0 ? formatter({ weekday: 'narrow' }).format(MONDAY + row * DAY) : '',
  );

/** A month's short name (`12月`, `Dec`); `month` is 1–12. */
export const monthName = (month: number): string =>
  formatter({ month: 'short' }).format(Date.UTC(2024, month - 1, 1));

/** A calendar day's (`2026-11-18`) short weekday (`周三`, `Wed`). */
export const weekdayOf = (date: string): string => {
  const [year, month, day] = date.split('-').map(Number);
  return formatter({ weekday: 'short' }).format(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
};
