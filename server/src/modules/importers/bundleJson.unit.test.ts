import { describe, expect, it } from 'vitest';
import { bundleFromJson, bundleToJson } from './bundleJson.ts';
import type { ImportBundle } from './types.ts';

const withPicture = (bytes: Uint8Array): ImportBundle => ({
  platform: 'jekyll',
  posts: [
    {
      sourceId: '_posts/a.md',
      kind: 'essay',
      title: 'a',
      content: '![](img/a.png)',
      publishedAt: 1,
      hidden: false,
      scheduled: false,
      tags: [],
      oldPaths: [],
      oldUrls: [],
      pictures: [{ ref: 'img/a.png', bytes }],
    },
  ],
  comments: [],
  warnings: [],
});

/** The bundle kept in the import's row gives back the picture bytes it was given. */
describe('the stored bundle', () => {
  it.each([
    ['a Uint8Array (zip)', new Uint8Array([137, 80, 78, 71])],
    ['a Buffer (read from disk, tar)', Buffer.from([137, 80, 78, 71])],
  ])('keeps picture bytes given as %s', (_name, bytes) => {
    const back = bundleFromJson(bundleToJson(withPicture(bytes))).posts[0]?.pictures[0]?.bytes;
    expect(back).toBeInstanceOf(Uint8Array);
    expect([...(back ?? [])]).toEqual([137, 80, 78, 71]);
  });
});
