import { describe, expect, it } from 'vitest';
import { essayIdOf } from './useEssayList.ts';

describe('essayIdOf', () => {
  it.each([
    ['#12', 12],
    [' #7 ', 7],
    ['#', null],
    ['#12a', null],
    ['12', null],
    ['猫 #3', null],
  ])('%j → %s', (keyword, id) => {
    expect(essayIdOf(keyword)).toBe(id);
  });
});
