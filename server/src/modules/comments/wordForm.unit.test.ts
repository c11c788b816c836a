import { describe, expect, it } from 'vitest';
import { disguisesOfCasino, disguisesOfGamblingHall } from '../../../test/heldWordDisguises.ts';
import { parseBannedWords } from './antiSpam.ts';
import { statusOfNewComment } from './moderation.ts';
import { wordFormOf } from './wordForm.ts';

describe('the form held words are compared in (issue 40.2)', () => {
  it.each(disguisesOfCasino)('sees %s', (_how, spelling) => {
    expect(wordFormOf(spelling)).toBe('casino');
  });

  it.each(disguisesOfGamblingHall)('sees %s', (_how, spelling) => {
    expect(wordFormOf(spelling)).toBe('赌场');
  });

  it('folds a look-alike of m whose prototype is rn back to m, as the plain letter keeps itself', () => {
    expect(wordFormOf('\u0271om')).toBe(wordFormOf('mom'));
  });

  it.each([
    [
      'an English sentence',
      'I like classic music, and my mom calls me at 10:01',
      'ilikeclassicmusic,andmymomcallsmeat10:01',
    ],
    ['a Chinese sentence', '今天天气很好，一二三，博士的土地', '今天天气很好,一二三,博士的土地'],
    ['Japanese with voiced kana', 'ガンダムが好き', 'ガンダムが好き'],
    ['Korean', '한국어 공부', '한국어공부'],
    ['Hindi', 'हिन्दी', 'हिन्दी'],
  ])('keeps %s as it reads (NFKC makes fullwidth punctuation ASCII)', (_what, text, form) => {
    expect(wordFormOf(text)).toBe(form);
  });

  it('is the same for the owner’s word however it was typed', () => {
    expect(parseBannedWords('ＣＡ\u200bＳＩＮＯ\n  \n\u200b\n赌\u00ad场')).toEqual(['casino', '赌场']);
  });
});

describe('held words seen through disguises, and no innocent text held', () => {
  const hold = (words: string, content: string) =>
    statusOfNewComment({
      mode: 'none',
      heldWords: parseBannedWords(words),
      content,
      guestName: '路人',
      knownAuthor: true,
      markedSpammer: false,
    });

  it.each([...disguisesOfCasino, ...disguisesOfGamblingHall])('holds a comment with %s', (_how, spelling) => {
    expect(hold('casino\n赌场', `来看看 ${spelling} 吧`)).toBe('held');
  });

  it.each([
    // TS #39 folds m into rn and 1 into l: plain ASCII keeps itself, so neither makes a match.
    ['porn', 'pompom 啦啦队'],
    ['lol', '房间 101'],
    ['modem', 'modern art'],
    // The table folds 士 into 土: Han keeps itself, so a doctor is no tycoon.
    ['土豪', '博士豪宅'],
    ['杜鹃', '黄鹂鸣翠柳'],
    ['casino', 'I like classic music'],
    ['赌场', '今天天气很好，去了趟商场'],
    // A word made of the name's end and the content's start is in neither.
    ['casino', 'no tonight'],
  ])('does not hold %s in “%s”', (word, content) => {
    expect(hold(word, content)).toBe('visible');
  });

  it('does not make a held word of a name and a content that only join into one', () => {
    expect(
      statusOfNewComment({
        mode: 'none',
        heldWords: parseBannedWords('casino'),
        content: 'no tonight',
        guestName: 'cas i',
        knownAuthor: true,
        markedSpammer: false,
      }),
    ).toBe('visible');
  });
});
