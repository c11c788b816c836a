import { describe, expect, it } from 'vitest';
import { commentAnchorOf } from './useCommentAnchor.ts';

describe('commentAnchorOf', () => {
  it.each([
    ['#comment-42', 42],
    ['#comment-1', 1],
    ['#comment-', null],
    ['#comment-4x', null],
    ['#42', null],
    ['', null],
    ['#comment-12345678901', null],
  ])('%j → %s', (hash, id) => {
    expect(commentAnchorOf(hash)).toBe(id);
  });
});
