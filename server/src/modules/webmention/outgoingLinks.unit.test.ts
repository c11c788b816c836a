import { describe, expect, it } from 'vitest';
import { outgoingLinks } from './outgoingLinks.ts';

const own = 'https://candy.example';

describe('the pages an essay links to', () => {
  it.each([
    ['an inline link', '看 [这篇](https://a.example/post) 吧', ['https://a.example/post']],
    ['an autolink', '<https://a.example/x?y=1>', ['https://a.example/x?y=1']],
    ['a bare URL ending a sentence', '出处：https://a.example/p.', ['https://a.example/p']],
    [
      'the fragment dropped, duplicates once',
      'https://a.example/p#one https://a.example/p#two',
      ['https://a.example/p'],
    ],
    ['our own pages left out', '[上一篇](https://candy.example/chaos/1) 和 /chaos/2', []],
    ['not http(s)', 'ftp://a.example/x javascript:alert(1)', []],
  ])('%s', (_name, markdown, expected) => {
    expect(outgoingLinks(markdown, own)).toEqual(expected);
  });
});
