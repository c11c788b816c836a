import type { LogRecord } from './records.ts';

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Local time with milliseconds: log readers compare neighbouring lines to the millisecond. */
export const formatTime = (time: number | null): string => {
  if (time === null) return '';
  const d = new Date(time);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(
    d.getMinutes(),
  )}:${pad(d.getSeconds())}.${pad(d.getMilliseconds(), 3)}`;
};

export const recordsAsText = (records: LogRecord[]): string =>
  records
    .map((r) =>
      [
        formatTime(r.time),
        r.type && `[${r.type}]`,
        r.thread && `[${r.thread}${r.main ? '*' : ''}]`,
        r.message,
      ]
        .filter(Boolean)
        .join(' '),
    )
    .join('\n');

export const recordsAsJson = (records: LogRecord[]): string => JSON.stringify(records, null, 2);
