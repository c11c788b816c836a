import { describe, expect, it } from 'vitest';
import { rememberSeen } from './seenQuotes.ts';

describe('rememberSeen', () => {
  it('remembers an id once', () => {
    const list: number[] = [];
    rememberSeen(3, list);
    rememberSeen(3, list);
    expect(list).toEqual([3]);
  });

  it('keeps at most the 1000 newest ids the server accepts', () => {
    const list: number[] = [];
    for (let id = 1; id <= 1005; id += 1) rememberSeen(id, list);
    expect(list).toHaveLength(1000);
    expect(list[0]).toBe(6);
    expect(list.at(-1)).toBe(1005);
  });
});
