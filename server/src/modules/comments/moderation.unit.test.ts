import { describe, expect, it } from 'vitest';
import { parseBannedWords } from './antiSpam.ts';
import { type HoldInput, hasLink, statusOfNewComment } from './moderation.ts';

const base: HoldInput = {
  mode: 'none',
  heldWords: [],
  content: '写得真好',
  guestName: '路人',
  knownAuthor: false,
  markedSpammer: false,
};

describe('where a new visitor comment goes', () => {
  it.each<[string, Partial<HoldInput>, string]>([
    ['nothing held: shown', {}, 'visible'],
    ['links held: a plain comment is shown', { mode: 'links' }, 'visible'],
    ['links held: an http link is held', { mode: 'links', content: '看 https://spam.example' }, 'held'],
    ['links held: a www. host is held', { mode: 'links', content: '去 www.spam.example 看看' }, 'held'],
    ['links held: a link in the name is held', { mode: 'links', guestName: 'http://x.example' }, 'held'],
    ['first held: a new author is held', { mode: 'first' }, 'held'],
    ['first held: an approved author is shown', { mode: 'first', knownAuthor: true }, 'visible'],
    ['everything held', { mode: 'all', knownAuthor: true }, 'held'],
    [
      'a held word holds it whatever the mode',
      { heldWords: parseBannedWords('优惠'), content: '限时 优 惠' },
      'held',
    ],
    [
      'held words ignore case and width',
      { heldWords: parseBannedWords('casino'), content: 'ＣＡＳＩＮＯ' },
      'held',
    ],
    ['a marked spammer is held as spam', { markedSpammer: true }, 'spam'],
  ])('%s', (_name, input, expected) => {
    expect(statusOfNewComment({ ...base, ...input })).toBe(expected);
  });

  it.each([
    ['https://a.example', true],
    ['ＨＴＴＰＳ：／／a.example', true],
    ['www.a.example', true],
    ['我在 1.5 版本遇到', false],
    ['email me at a@b.c', false],
  ])('%s has a link: %s', (text, expected) => {
    expect(hasLink(text)).toBe(expected);
  });
});
