import { describe, expect, it } from 'vitest';
import { lazyValue } from './lazyValue.ts';

describe('lazyValue', () => {
  it('loads once and keeps the value', async () => {
    let loads = 0;
    const value = lazyValue(async () => ++loads);
    expect(await Promise.all([value(), value()])).toEqual([1, 1]);
    expect(await value()).toBe(1);
    expect(loads).toBe(1);
  });

  it('passes a failed load on, then loads again at the next use', async () => {
    let loads = 0;
    const value = lazyValue(async () => {
      loads += 1;
      if (loads === 1) throw new Error('Failed to fetch dynamically imported module');
      return 'table';
    });
    await expect(value()).rejects.toThrow('Failed to fetch');
    expect(await value()).toBe('table');
    expect(await value()).toBe('table');
    expect(loads).toBe(2);
  });
});
