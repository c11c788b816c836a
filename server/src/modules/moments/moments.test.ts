import { ErrorCode } from '@candy/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asOwner, insertMoments, queryString, testOwnerGuard } from '../../../test/contentFactories.ts';
import { createTestApp, type TestApp } from '../../../test/harness.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
const UTC8 = 8 * 60;
/** An instant given as a UTC+8 wall clock. */
const at8 = (date: string, time: string) => Date.parse(`${date}T${time}:00+08:00`);
// Wednesday 2025-03-12, 10:00 in UTC+8.
const NOW = at8('2025-03-12', '10:00');

const darkKey = { 'x-dark-key': 'k' };
const inUtc8 = { ...darkKey, 'x-local-time': String(NOW + UTC8 * MINUTE) };
const inUtc = { ...darkKey, 'x-local-time': String(NOW) };

describe('moments', () => {
  let t: TestApp;
  let ids: number[];

  beforeAll(async () => {
    t = await createTestApp({ env: { DARK_KEY: 'k' }, ownerGuard: testOwnerGuard, now: NOW });
    ids = await insertMoments(t, [
      { at: NOW - 400 * DAY, content: '很久以前' },
      // Last week (Mon 03-03 … Sun 03-09): 6 moments, 3 images, busiest Tuesday, Mon–Wed streak.
      { at: at8('2025-03-03', '09:00'), images: 1 },
      { at: at8('2025-03-04', '09:00'), content: '早上的咖啡' },
      { at: at8('2025-03-04', '21:00'), images: 2 },
      { at: at8('2025-03-05', '23:30') },
      { at: at8('2025-03-07', '08:00') },
      { at: at8('2025-03-09', '23:59') },
      // This week so far: 4 moments, 3 images, busiest Tuesday, Mon–Wed streak. The first one is
      // still Sunday in UTC.
      { at: at8('2025-03-10', '00:10') },
      { at: at8('2025-03-11', '12:00'), images: 3, content: '午后咖啡和蛋糕' },
      { at: at8('2025-03-11', '13:00') },
      { at: at8('2025-03-12', '09:00'), content: 'Coffee time' },
    ]);
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = inUtc8) =>
    t.server.inject({ method: 'GET', url: `/api/blog/moments${url}`, headers });

  describe('access', () => {
    it.each([
      ['no key', {}],
      ['a wrong key', { 'x-dark-key': 'nope' }],
    ])('refuses %s with 4031 on every moments call', async (_, headers) => {
      for (const url of ['', '/statistics?type=day', '/week-report']) {
        const res = await get(url, headers);
        expect(res.statusCode).toBe(403);
        expect(res.json().code).toBe(ErrorCode.darkKeyRequired);
      }
    });

    it.each([
      ['the dark key', darkKey],
      ['the owner', asOwner],
    ])('answers %s', async (_, headers) => {
      const res = await get('', headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().data.list).toHaveLength(10);
    });
  });

  describe('list', () => {
    it('pages newest first on the start cursor', async () => {
      const first = (await get('')).json().data;
      expect(first.list.map((m: { id: number }) => m.id)).toEqual(ids.slice(1).reverse());
      expect(first.hasMore).toBe(true);
      const rest = (await get(`?start=${ids[1]}`)).json().data;
      expect(rest).toMatchObject({ list: [{ id: ids[0], content: '很久以前' }], hasMore: false });
    });

    it('answers images as objects with their sizes', async () => {
      const page = (await get('')).json().data;
      const moment = page.list.find((m: { id: number }) => m.id === ids[8]);
      expect(moment.images).toHaveLength(3);
      expect(moment.images[0]).toEqual({ url: '/files/m0.svg', width: 100, height: 80 });
    });

    it.each([
      ['咖啡', [8, 2]],
      ['午后咖啡', [8]],
      ['coffee', [10]],
    ])('finds moments by keyword %s', async (keyword, indexes) => {
      const page = (await get(`?${queryString({ keyword })}`)).json().data;
      expect(page.list.map((m: { id: number }) => m.id)).toEqual(indexes.map((i) => ids[i]));
    });
  });

  describe('statistics', () => {
    it('counts per local day over the last 365 days, ending today', async () => {
      const res = await get('/statistics?type=day');
      expect(res.statusCode).toBe(200);
      const { type, utcOffsetMinutes, days } = res.json().data;
      expect(type).toBe('day');
      expect(utcOffsetMinutes).toBe(UTC8);
      expect(days).toHaveLength(365);
      expect(days.at(-1)).toEqual({ date: '2025-03-12', count: 1 });
      expect(days[0].date).toBe('2024-03-13');
      const byDate = Object.fromEntries(days.map((d: { date: string; count: number }) => [d.date, d.count]));
      expect(byDate['2025-03-11']).toBe(2);
      expect(byDate['2025-03-04']).toBe(2);
      expect(byDate['2025-03-10']).toBe(1);
      // The 400-day-old moment is outside the window.
      expect(days.reduce((sum: number, d: { count: number }) => sum + d.count, 0)).toBe(10);
    });

    it('cuts days in the caller’s zone', async () => {
      const days = (await get('/statistics?type=day', inUtc)).json().data.days;
      const byDate = Object.fromEntries(days.map((d: { date: string; count: number }) => [d.date, d.count]));
      // 03-10 00:10 in UTC+8 is 03-09 16:10 in UTC.
      expect(byDate['2025-03-09']).toBe(2);
      expect(byDate['2025-03-10'] ?? 0).toBe(0);
    });

    it('counts per local hour of the day', async () => {
      const { hours, utcOffsetMinutes } = (await get('/statistics?type=hour')).json().data;
      expect(utcOffsetMinutes).toBe(UTC8);
      expect(hours).toHaveLength(24);
      expect(hours[9]).toBe(3);
      expect(hours[23]).toBe(2);
      expect([hours[0], hours[8], hours[12], hours[13], hours[21]]).toEqual([1, 1, 1, 1, 1]);
      expect(hours.reduce((a: number, b: number) => a + b, 0)).toBe(10);
    });

    it('uses the server’s zone without X-Local-Time', async () => {
      const { utcOffsetMinutes } = (await get('/statistics?type=hour', darkKey)).json().data;
      expect(utcOffsetMinutes).toBe(-new Date(NOW).getTimezoneOffset() || 0);
    });

    it.each(['', '?type=week'])('refuses type %j with 4000', async (query) => {
      const res = await get(`/statistics${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].property).toBe('type');
    });
  });

  describe('week report', () => {
    it('compares this week so far with last week', async () => {
      const res = await get('/week-report');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        utcOffsetMinutes: UTC8,
        thisWeek: {
          start: '2025-03-10',
          count: 4,
          images: 3,
          busiestDay: { date: '2025-03-11', count: 2 },
          longestStreak: 3,
        },
        lastWeek: {
          start: '2025-03-03',
          count: 6,
          images: 3,
          busiestDay: { date: '2025-03-04', count: 2 },
          longestStreak: 3,
        },
      });
    });

    it('cuts weeks in the caller’s zone', async () => {
      const { thisWeek, lastWeek } = (await get('/week-report', inUtc)).json().data;
      expect(thisWeek.count).toBe(3);
      expect(lastWeek.count).toBe(7);
      // Sunday now ties with Tuesday at 2: the earlier day is the busiest.
      expect(lastWeek.busiestDay).toEqual({ date: '2025-03-04', count: 2 });
    });

    it('reports an empty week with no busiest day and no streak', async () => {
      t.clock.advance(21 * DAY);
      const headers = { ...darkKey, 'x-local-time': String(t.clock.now + UTC8 * MINUTE) };
      const { thisWeek, lastWeek } = (await get('/week-report', headers)).json().data;
      expect(thisWeek).toMatchObject({ count: 0, images: 0, busiestDay: null, longestStreak: 0 });
      expect(lastWeek.count).toBe(0);
      t.clock.advance(-21 * DAY);
    });
  });
});
