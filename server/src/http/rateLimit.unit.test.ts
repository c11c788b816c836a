import { describe, expect, it } from 'vitest';
import { waitFor } from './rateLimit.ts';

describe('waitFor', () => {
  it.each([
    ['no hits', [], { limit: 1, windowMs: 10_000 }, 100_000, 0],
    ['a hit that left the window', [90_000], { limit: 1, windowMs: 10_000 }, 100_000, 0],
    ['a hit still inside', [95_000], { limit: 1, windowMs: 10_000 }, 100_000, 5_000],
    ['room left under the limit', [1, 2], { limit: 3, windowMs: 1000 }, 500, 0],
    [
      'a full window: the oldest blocking hit decides',
      [100, 200, 300],
      { limit: 3, windowMs: 1000 },
      500,
      600,
    ],
    [
      'more hits than the limit: the limit-th newest decides',
      [100, 200, 300],
      { limit: 2, windowMs: 1000 },
      500,
      700,
    ],
  ])('%s', (_, hits, rule, now, expected) => {
    expect(waitFor(hits, rule, now)).toBe(expected);
  });
});
