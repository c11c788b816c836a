import { describe, expect, it } from 'vitest';
import {
  composeLayout,
  detectFixedBars,
  layoutSegments,
  planStitch,
  type RgbaImage,
  signFrame,
  tileRanges,
  UNSURE_BELOW,
} from './stitch.ts';

const WIDTH = 48;

/** Deterministic noise so every page row is distinct, like text lines on a real page. */
const prng = (seed: number) => () => {
  seed = (Math.imul(seed ^ (seed >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) | 0;
  return ((seed ^ (seed >>> 12)) >>> 0) / 2 ** 32;
};

const paint = (height: number, seed: number): RgbaImage => {
  const next = prng(seed);
  const data = new Uint8ClampedArray(WIDTH * height * 4);
  for (let y = 0; y < height; y++) {
    // Blocks of 4 pixels with a colour per row band, so downscaled rows still differ.
    for (let x = 0; x < WIDTH; x += 4) {
      const v = [next() * 255, next() * 255, next() * 255];
      for (let dx = 0; dx < 4; dx++) {
        const i = (y * WIDTH + x + dx) * 4;
        data.set([v[0]!, v[1]!, v[2]!, 255], i);
      }
    }
  }
  return { width: WIDTH, height, data };
};

const stack = (...parts: RgbaImage[]): RgbaImage => {
  const height = parts.reduce((sum, p) => sum + p.height, 0);
  const data = new Uint8ClampedArray(WIDTH * height * 4);
  let offset = 0;
  for (const p of parts) {
    data.set(p.data, offset);
    offset += p.data.length;
  }
  return { width: WIDTH, height, data };
};

const rows = (image: RgbaImage, y: number, height: number): RgbaImage => ({
  width: image.width,
  height,
  data: image.data.subarray(y * WIDTH * 4, (y + height) * WIDTH * 4),
});

const header = paint(24, 1);
const footer = paint(18, 2);
const page = paint(1400, 3);
const VIEW = 260;
const SCROLLS = [0, 180, 370, 600, 820, 1020, 1140];

/** What a phone would capture at each scroll position: the fixed bars around a window of the page. */
const screenshots = (scrolls: number[], pageImage = page) =>
  scrolls.map((s) => stack(header, rows(pageImage, s, VIEW), footer));

const stitch = (frames: RgbaImage[]) => {
  const plan = planStitch(frames.map(signFrame), WIDTH);
  return { plan, image: composeLayout(frames, layoutSegments(plan)) };
};

describe('long screenshot stitching', () => {
  it('rebuilds the original page pixel for pixel from overlapping screenshots', () => {
    const { image } = stitch(screenshots(SCROLLS));
    const original = stack(header, page, footer);
    expect(image.height).toBe(original.height);
    expect(Buffer.from(image.data).equals(Buffer.from(original.data))).toBe(true);
  });

  it('keeps the fixed header and footer once', () => {
    const { plan } = stitch(screenshots(SCROLLS));
    expect([plan.header, plan.footer]).toEqual([24, 18]);
  });

  it.each(SCROLLS.slice(1).map((s, i) => [i, VIEW - (s - SCROLLS[i]!)]))(
    'finds the overlap of pair %i as %i rows, confidently',
    (pair, expected) => {
      const { plan } = stitch(screenshots(SCROLLS));
      expect(plan.overlaps[pair]).toMatchObject({ rows: expected, found: true });
      expect(plan.overlaps[pair]!.confidence).toBeGreaterThanOrEqual(UNSURE_BELOW);
    },
  );

  it('says so when two screenshots do not overlap, and appends the whole frame', () => {
    const { plan, image } = stitch(screenshots([0, 700]));
    expect(plan.overlaps[0]).toMatchObject({ found: false, rows: 0 });
    expect(image.height).toBe(24 + VIEW * 2 + 18);
  });

  it('still finds the overlap of slightly lossy screenshots, but is unsure', () => {
    const frames = screenshots([0, 150]);
    const noisy = frames[1]!;
    const jitter = prng(9);
    for (let i = header.data.length; i < noisy.data.length - footer.data.length; i += 4) {
      noisy.data[i] = Math.min(255, noisy.data[i]! + Math.round(jitter() * 3));
    }
    const { plan } = stitch(frames);
    expect(plan.overlaps[0]).toMatchObject({ found: true, rows: VIEW - 150 });
    expect(plan.overlaps[0]!.confidence).toBeLessThan(UNSURE_BELOW);
  });

  it('lets a nudged overlap change only the rows appended after that seam', () => {
    const { plan } = stitch(screenshots(SCROLLS));
    const before = layoutSegments(plan);
    const overlaps = plan.overlaps.map((o, i) => (i === 1 ? { ...o, rows: o.rows - 5 } : o));
    const after = layoutSegments({ ...plan, overlaps });
    expect(after.height).toBe(before.height + 5);
    expect(after.seams[0]).toBe(before.seams[0]);
    expect(after.seams[2]).toBe(before.seams[2]! + 5);
  });

  it('keeps a header whose clock changed between screenshots, from the first screenshot', () => {
    const frames = screenshots(SCROLLS);
    // Rows 6–11 of the header differ in every frame, like a status-bar clock ticking.
    frames.forEach((frame, i) => {
      for (let y = 6; y < 12; y++) frame.data[(y * WIDTH + 3) * 4] = i * 40;
    });
    const { plan, image } = stitch(frames);
    expect(plan.header).toBe(24);
    const original = stack(rows(frames[0]!, 0, 24), page, footer);
    expect(Buffer.from(image.data).equals(Buffer.from(original.data))).toBe(true);
  });

  it('treats a single screenshot as the result', () => {
    const [only] = screenshots([0]);
    const { plan, image } = stitch([only!]);
    expect(plan).toMatchObject({ header: 0, footer: 0, overlaps: [] });
    expect(Buffer.from(image.data).equals(Buffer.from(only!.data))).toBe(true);
  });

  it('never takes identical frames for one big fixed bar', () => {
    const same = screenshots([300, 300, 300]);
    const { header: h, footer: f } = detectFixedBars(same.map(signFrame));
    expect(h + f).toBeLessThan(same[0]!.height);
    expect(stitch(same).image.height).toBe(same[0]!.height);
  });
});

describe('canvas tiles for tall results', () => {
  it.each([
    [1080, 5000, [5000]],
    [1080, 40_000, [15_534, 15_534, 8_932]],
    [500, 40_000, [16_384, 16_384, 7_232]],
  ])('splits a %i × %i result into tiles of %j rows', (width, height, expected) => {
    const tiles = tileRanges(width, height);
    expect(tiles.map((t) => t.height)).toEqual(expected);
    expect(tiles.every((t, i) => i === 0 || t.y === tiles[i - 1]!.y + tiles[i - 1]!.height)).toBe(true);
  });
});
