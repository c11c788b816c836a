import { beforeAll, describe, expect, it } from 'vitest';
import { needPart } from '../../../i18n/i18n.ts';
import { nextRuns } from './nextRuns.ts';

// The messages are the back office's (the unit setup loads only the public catalogue).
beforeAll(() => needPart('admin'));

describe('cron preview', () => {
  it('lists the next five runs of an expression', () => {
    const from = new Date(2026, 0, 1, 10, 7);
    const { runs, error } = nextRuns('*/30 * * * *', 5, from);
    expect(error).toBeNull();
    expect(runs.map((d) => `${d.getHours()}:${d.getMinutes()}`)).toEqual([
      '10:30',
      '11:0',
      '11:30',
      '12:0',
      '12:30',
    ]);
  });

  it.each([
    ['every day', '需要 5 段（分 时 日 月 周）或 6 段（最前加秒），用空格隔开；现在是 2 段'],
    ['61 * * * *', '「分」的值超出范围，应为 0–59'],
    ['0 0 32 * *', '「日」的值超出范围，应为 1–31'],
    ['0 0 * 13 *', '「月」的值超出范围，应为 1–12'],
    ['0 0 * * 8', '「周」的值超出范围，应为 0–7（0 和 7 都是周日）'],
    ['a * * * *', '第 1 段「a」含有不认识的字符'],
    ['5-1 * * * *', '范围「5-1」的起点大于终点'],
    ['*/0 * * * *', '步长不能是 0'],
    ['1/ * * * *', '「1/」：步长要写在 * 或范围后面，如 */5、0-30/5'],
  ])('says in Chinese why %j is not an expression', (expression, message) => {
    const result = nextRuns(expression);
    expect(result.runs).toEqual([]);
    expect(result.error).toBe(message);
  });
});
