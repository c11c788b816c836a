import { describe, expect, it } from 'vitest';
import { parseRange } from './rangedReply.ts';

describe('parseRange', () => {
  it.each([
    [undefined, null],
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=100-', { start: 100, end: 999 }],
    ['bytes=-10', { start: 990, end: 999 }],
    ['bytes=900-5000', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=1000-', 'bad'],
    ['bytes=5-2', 'bad'],
    ['bytes=-0', 'bad'],
    ['bytes=-', 'bad'],
    ['bytes=0-1,5-6', 'bad'],
    ['items=0-1', 'bad'],
  ])('%s of 1000 bytes → %j', (header, expected) => {
    expect(parseRange(header, 1000)).toEqual(expected);
  });
});
