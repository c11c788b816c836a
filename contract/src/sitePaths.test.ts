import { describe, expect, it } from 'vitest';
import { essayIdOfPath, isSitePath, movedEssayPath } from './sitePaths.ts';

describe('site paths', () => {
  it.each([
    ['/', true],
    ['/chaos', true],
    ['/chaos/', true],
    ['/chaos/12', true],
    ['/great-old-one', true],
    ['/great-old-one/ryona/material/create', true],
    ['/utils/qrcode-decode', true],
    ['/chaos/abc', false],
    ['/chaos/12/comments', false],
    ['/no-such-page', false],
    ['/health', false],
  ])('%s is a page of the app: %s', (path, known) => {
    expect(isSitePath(path)).toBe(known);
  });

  it('reads the essay id of an essay page', () => {
    expect(essayIdOfPath('/chaos/12')).toBe(12);
    expect(essayIdOfPath('/chaos/12/')).toBe(12);
    expect(essayIdOfPath('/chaos/x')).toBeNull();
    expect(essayIdOfPath('/chaos')).toBeNull();
  });

  it.each([
    ['/chaos', '?id=12', '/chaos/12'],
    ['/chaos', 'id=12', '/chaos/12'],
    ['/chaos', '?id=12&utm_source=rss', '/chaos/12'],
    ['/chaos', '?id=abc', null],
    ['/chaos', '', null],
    ['/moments', '?id=12', null],
  ])('moves %s%s to %s', (path, search, moved) => {
    expect(movedEssayPath(path, search)).toBe(moved);
  });
});
