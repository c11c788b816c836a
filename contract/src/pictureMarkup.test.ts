import { describe, expect, it } from 'vitest';
import { copyOf } from './pictureCopy.ts';
import {
  averageColorOf,
  eagerEssayIndex,
  type PictureInfo,
  pictureHtml,
  upgradePictures,
} from './pictureMarkup.ts';

// A thumbhash as rgbaToThumbHash makes them (the thumbhash project's own example).
const hash = '1QcSHQRnh493V4dIh4eXh1h4kJUI';
const info: PictureInfo = {
  width: 4000,
  height: 3000,
  thumbhash: hash,
  base: '/files/images/v/0123456789abcdef/',
  widths: [320, 640, 960, 1280, 1920],
  fallback: 'jpg',
};

describe('picture markup (issue 30)', () => {
  it('offers AVIF and WebP by width, the original format as fallback, with size and placeholder', () => {
    const html = pictureHtml({ src: '/files/images/a.jpg', alt: '猫 "咪"' }, info, { sizes: '100vw' });
    expect(html).toContain(
      '<source type="image/avif" srcset="/files/images/v/0123456789abcdef/320.avif 320w, /files/images/v/0123456789abcdef/640.avif 640w',
    );
    expect(html).toContain(
      '<source type="image/webp" srcset="/files/images/v/0123456789abcdef/320.webp 320w',
    );
    expect(html).toContain('<img src="/files/images/v/0123456789abcdef/960.jpg"');
    expect(html).toContain('width="4000" height="3000" loading="lazy" decoding="async"');
    expect(html).toContain('alt="猫 &quot;咪&quot;"');
    expect(html).toContain(`data-thumbhash="${hash}"`);
    expect(html).toMatch(/style="background-color:#[0-9a-f]{6}"/);
    expect(html).toContain('data-original="/files/images/a.jpg"');
  });

  it('is a plain sized <img> while there are no variants', () => {
    const html = pictureHtml(
      { src: '/files/images/b.gif', alt: '' },
      { ...info, base: null, widths: [], fallback: null, thumbhash: null },
      { sizes: '100vw', eager: true },
    );
    expect(html).toBe(
      '<img src="/files/images/b.gif" alt="" width="4000" height="3000" loading="eager" fetchpriority="high" decoding="async">',
    );
  });

  it('upgrades only our pictures in sanitised HTML, the first one eager when asked', () => {
    const html =
      '<p><img src="/files/images/a.jpg" alt="a" loading="lazy"> <img src="https://example.com/x.png" alt="x" loading="lazy"> <img src="/files/images/a.jpg" alt="again" loading="lazy"></p>';
    const out = upgradePictures(html, { '/files/images/a.jpg': info }, { sizes: '720px', eagerFirst: true });
    expect(out.match(/<picture>/g)).toHaveLength(2);
    expect(out).toContain('<img src="https://example.com/x.png" alt="x" loading="lazy">');
    expect(out.match(/fetchpriority="high"/g)).toHaveLength(1);
    expect(upgradePictures(html, {}, { sizes: '720px' })).toBe(html);
  });

  it('reads the average colour out of a thumbhash, and nothing out of garbage', () => {
    expect(averageColorOf(hash)).toMatch(/^#[0-9a-f]{6}$/);
    expect(averageColorOf('!!')).toBeNull();
  });
});

describe('one copy for a single address (posters, share previews)', () => {
  const base = '/files/images/v/0123456789abcdef/';
  it.each([
    ['the narrowest copy at least that wide', 1200, undefined, `${base}1280.jpg`, 1280, 960],
    ['an exact width', 640, 'webp', `${base}640.webp`, 640, 480],
    ['the widest when none is that wide', 4000, 'webp', `${base}1920.webp`, 1920, 1440],
  ])('takes %s', (_, minWidth, ext, url, width, height) => {
    expect(copyOf(info, minWidth, ext)).toEqual({ url, width, height });
  });

  it('has none while the copies are not made', () => {
    expect(copyOf({ ...info, base: null, widths: [], fallback: null }, 1200)).toBeNull();
  });
});

describe('eagerEssayIndex', () => {
  const pictured = { pictures: { '/files/images/a.jpg': info } };
  it('names the first of the top three essays with a picture of ours', () => {
    expect(eagerEssayIndex([{}, { pictures: {} }, pictured, pictured])).toBe(2);
    expect(eagerEssayIndex([pictured, {}])).toBe(0);
  });
  it('names none when the pictures start below the first screen', () => {
    expect(eagerEssayIndex([{}, {}, {}, pictured])).toBe(-1);
  });
});
