import { describe, expect, it } from 'vitest';
import { formatSeconds, parseSeconds } from './time.ts';

describe('video times', () => {
  it.each([
    [0, '0:00.0'],
    [3.04, '0:03.0'],
    [65.5, '1:05.5'],
    [3725.2, '1:02:05.2'],
    [null, '—'],
  ])('formats %s as %s', (seconds, text) => {
    expect(formatSeconds(seconds)).toBe(text);
  });

  it.each([
    ['90', 90],
    ['1:30', 90],
    ['1:30.5', 90.5],
    ['0:01:30', 90],
    [' 2 ', 2],
    ['', null],
    ['1:x', null],
    ['-1', null],
    ['1:2:3:4', null],
  ])('reads %j as %s', (text, seconds) => {
    expect(parseSeconds(text)).toBe(seconds);
  });
});
