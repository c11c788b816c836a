import type { LogLine } from '@candy/contract/calls/log';
import { describe, expect, it } from 'vitest';
import { calendarDay, clockTime, matchesSearch } from './lineFilter.ts';

const line: LogLine = {
  id: '2026-11-23:0',
  time: new Date(2026, 10, 23, 9, 5, 7, 42).getTime(),
  level: 'error',
  msg: 'unexpected error',
  reqId: '5b1c0e5a-aaaa',
  method: 'POST',
  path: '/api/blog/essay',
  status: 500,
  err: { type: 'TypeError', message: 'Cannot read properties of undefined' },
  detail: { job: 'link-health' },
};

describe('log line search', () => {
  it('finds text in the message, path, status, request id, error and details, in any case', () => {
    for (const text of [
      'Unexpected',
      '/blog/essay',
      '500',
      '5B1C0E5A',
      'cannot read',
      'typeerror',
      'link-health',
      'POST /api/blog/essay',
      'post /api/blog/essay 500',
    ]) {
      expect(matchesSearch(line, text), text).toBe(true);
    }
  });

  it('rejects text the line does not hold, and an empty search keeps everything', () => {
    expect(matchesSearch(line, 'comment')).toBe(false);
    expect(matchesSearch(line, '   ')).toBe(true);
  });

  it('shows local clock time with milliseconds and the day apart', () => {
    expect(clockTime(line.time)).toBe('09:05:07.042');
    expect(calendarDay(line.time)).toBe('2026-11-23');
  });
});
