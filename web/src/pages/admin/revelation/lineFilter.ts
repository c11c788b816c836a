import type { LogLevel, LogLine } from '@candy/contract/calls/log';
import { t } from '../../../i18n/i18n.ts';
import type { LogFilter } from './useLogLines.ts';

/** A level's name in the active language. */
export const levelName = (level: LogLevel): string => t(`admin.log.level.${level}`);

/** The level menu: each choice is what the server is asked for; `label` is a catalogue key. */
export const LEVEL_CHOICES = [
  { value: 'all', label: 'admin.log.choice.all', filter: { verbose: true } },
  { value: 'info', label: 'admin.log.choice.info', filter: { verbose: false } },
  { value: 'warn', label: 'admin.log.choice.warn', filter: { verbose: false, level: 'warn' } },
  { value: 'error', label: 'admin.log.choice.error', filter: { verbose: false, level: 'error' } },
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
