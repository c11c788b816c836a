import { describe, expect, it } from 'vitest';
import { hostIsOwn, isAutoDarkHour, isEveningHour } from './modes.ts';

const at = (hour: number, minute = 0) => new Date(2025, 0, 1, hour, minute);

describe('modes (spec §3, §4, §9)', () => {
  it.each([
    ['example.com', true],
    ['blog.example.com', true],
    ['localhost', true],
    ['example.org', false],
    ['cdn.jsdelivr.net', false],
  ])('host %s is own: %s', (host, own) => {
    expect(hostIsOwn(host, ['example.com', 'localhost', '127.0.0.1'])).toBe(own);
  });

  it.each([
    [0, 0, true],
    [5, 59, true],
    [6, 0, false],
    [23, 59, false],
  ])('%i:%i is automatic dark time: %s', (h, m, dark) => {
    expect(isAutoDarkHour(at(h, m))).toBe(dark);
  });

  it.each([
    [16, 59, false],
    [17, 0, true],
    [18, 59, true],
    [19, 0, false],
  ])('%i:%i is evening: %s', (h, m, evening) => {
    expect(isEveningHour(at(h, m))).toBe(evening);
  });
});
