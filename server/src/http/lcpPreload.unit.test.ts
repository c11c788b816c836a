import { pictureHtml } from '@candy/contract/pictureMarkup';
import { describe, expect, it } from 'vitest';
import { lcpPreloadOf } from './lcpPreload.ts';

const info = {
  width: 2000,
  height: 1333,
  thumbhash: null,
  base: '/files/images/v/ab/',
  widths: [320, 640],
  fallback: 'jpg',
};

describe('the preload of a page’s most important picture (issue 30)', () => {
  it('preloads the AVIF source of the first picture marked high, with its sizes', () => {
    const first = pictureHtml({ src: '/files/a.jpg', alt: 'a' }, info, { sizes: '100vw', eager: true });
    const later = pictureHtml(
      { src: '/files/b.jpg', alt: 'b' },
      { ...info, base: '/files/images/v/cd/' },
      {
        sizes: '50vw',
      },
    );
    expect(lcpPreloadOf(`<p>text</p>${first}${later}`)).toBe(
      '<link rel="preload" as="image" type="image/avif" imagesrcset="/files/images/v/ab/320.avif 320w, /files/images/v/ab/640.avif 640w" imagesizes="100vw" fetchpriority="high">',
    );
  });

  it('does not take the AVIF source of an earlier, lazy picture', () => {
    const lazy = pictureHtml(
      { src: '/files/b.jpg', alt: 'b' },
      { ...info, base: '/files/images/v/cd/' },
      {
        sizes: '50vw',
      },
    );
    const plain =
      '<img src="/files/demo/x.svg" alt="" width="10" height="10" loading="eager" fetchpriority="high">';
    expect(lcpPreloadOf(`${lazy}${plain}`)).toBe(
      '<link rel="preload" as="image" href="/files/demo/x.svg" fetchpriority="high">',
    );
  });

  it('keeps attribute values as escaped as they were written', () => {
    const img = '<img src="/files/a&amp;b.jpg" srcset="/files/a&amp;b.jpg 320w" fetchpriority="high" alt="">';
    expect(lcpPreloadOf(img)).toBe(
      '<link rel="preload" as="image" imagesrcset="/files/a&amp;b.jpg 320w" fetchpriority="high">',
    );
  });

  it('reads React’s markup, whose attribute names are camel-cased', () => {
    const cover =
      '<picture><source type="image/avif" srcSet="/c/320.avif 320w" sizes="96px"/><source type="image/webp" srcSet="/c/320.webp 320w" sizes="96px"/>' +
      '<img src="/c/320.jpg" srcSet="/c/320.jpg 320w" sizes="96px" alt="" loading="eager" fetchPriority="high"/></picture>';
    expect(lcpPreloadOf(cover)).toBe(
      '<link rel="preload" as="image" type="image/avif" imagesrcset="/c/320.avif 320w" imagesizes="96px" fetchpriority="high">',
    );
  });

  it('adds nothing to a page without such a picture', () => {
    expect(lcpPreloadOf('<img src="/a.jpg" loading="lazy" alt="">')).toBe('');
  });
});
