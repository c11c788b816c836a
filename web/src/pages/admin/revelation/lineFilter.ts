import type { LogLevel, LogLine } from '@candy/contract/calls/log';
import type { LogFilter } from './useLogLines.ts';

export const LEVEL_NAMES: Record<LogLevel, string> = {
  trace: '跟踪',
  debug: '调试',
  info: '信息',
  warn: '警告',
  error: '错误',
  fatal: '致命',
};

/** The level menu: each choice is what the server is asked for. */
export const LEVEL_CHOICES = [
  { value: 'all', label: '全部（含调试）', filter: { verbose: true } },
  { value: 'info', label: '信息及以上', filter: { verbose: false } },
  { value: 'warn', label: '警告及以上', filter: { verbose: false, level: 'warn' } },
  { value: 'error', label: '只看错误', filter: { verbose: false, level: 'error' } },
] as const satisfies readonly { value: string; label: string; filter: LogFilter }[];
export type LevelChoice = (typeof LEVEL_CHOICES)[number]['value'];

/**
 * Whether a loaded line contains the searched text (any case) in what the row shows or hides. The
 * row shows `PUT /api/blog/article/1 200`, so that is searched as one piece, spaces included.
 */
export const matchesSearch = (line: LogLine, search: string): boolean => {
  const wanted = search.trim().toLowerCase();
  if (!wanted) return true;
  const shown = [line.method, line.path, line.status].filter((part) => part !== undefined).join(' ');
  const haystack = [
    line.msg,
    shown,
    line.reqId,
    line.err?.message,
    line.err?.type,
    line.detail ? JSON.stringify(line.detail) : undefined,
  ]
    .filter((part) => part !== undefined)
    .join('\n')
    .toLowerCase();
  return haystack.includes(wanted);
};

const pad = (value: number, width = 2) => String(value).padStart(width, '0');

/** `14:03:27.042` in the browser's time zone. */
export const clockTime = (time: number): string => {
  const date = new Date(time);
  return `${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}.${pad(date.getMilliseconds(), 3)}`;
};

/** `2026-11-23` in the browser's time zone: rows are grouped under their day. */
export const calendarDay = (time: number): string => {
  const date = new Date(time);
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
};
