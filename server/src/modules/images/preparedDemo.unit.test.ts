import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DrawnDemo } from '../../db/seed/images.ts';
import { loadSharp } from '../../lazyModules.ts';
import { demoFingerprint, readPreparedDemo, writePreparedDemo } from './preparedDemo.ts';
import { type MadeVariants, makeVariants } from './variants.ts';

/** A small picture of one colour, as a JPEG (cheap to copy, unlike the demo's camera-sized ones). */
const jpeg = async (width: number, height: number, hue: number) =>
  (await loadSharp())({
    create: { width, height, channels: 3, background: `hsl(${hue}, 70%, 60%)` },
  })
    .jpeg()
    .toBuffer();

describe('the demo prepared by the build (issue 39)', () => {
  let root: string;
  let dir: string;
  let drawn: DrawnDemo;
  const made = new Map<Buffer, MadeVariants>();
  const fingerprint = 'f'.repeat(64);

  beforeAll(async () => {
    root = fs.mkdtempSync(path.join(os.tmpdir(), 'candy-prepared-'));
    dir = path.join(root, 'demo-pictures');
    drawn = {
      cards: [{ name: 'card-1.jpg', width: 400, height: 300, body: await jpeg(400, 300, 10) }],
      photos: [{ name: 'photo-1.jpg', width: 700, height: 500, body: await jpeg(700, 500, 200) }],
    };
    await writePreparedDemo(dir, fingerprint, drawn, async (original) => {
      const copies = await makeVariants(original, 0);
      made.set(original, copies);
      return copies;
    });
  });
  afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

  it('gives back the pictures as drawn and each one’s copies as made, byte for byte', () => {
    const prepared = readPreparedDemo(dir, fingerprint);
    const again = prepared?.drawn();
    expect(again?.cards.map((p) => [p.name, p.width, p.height])).toEqual([['card-1.jpg', 400, 300]]);
    expect(again?.photos.map((p) => [p.name, p.width, p.height])).toEqual([['photo-1.jpg', 700, 500]]);
    expect(
      Buffer.compare(Buffer.from(again?.photos[0]?.body ?? []), Buffer.from(drawn.photos[0]?.body ?? [])),
    ).toBe(0);
    expect(made.size).toBe(2);
    for (const [original, copies] of made) {
      expect(copies.kind).toBe('made');
      const read = prepared?.copiesOf(original, 100_000_000);
      expect(read).toEqual(copies);
      // Three formats at each width: 320 and the card's own 400; 320, 640 and the photo's own 700.
      const files = read?.kind === 'made' ? read.files.map((file) => file.name) : [];
      expect(files).toHaveLength(original.equals(Buffer.from(drawn.cards[0]?.body ?? [])) ? 6 : 9);
    }
  });

  it('has no copies for any other picture, nor for one over the configured pixel limit', async () => {
    const prepared = readPreparedDemo(dir, fingerprint);
    expect(prepared?.copiesOf(await jpeg(400, 300, 11), 100_000_000)).toBeNull();
    // The same length, one byte changed: its digest tells it apart.
    const card = Buffer.from(drawn.cards[0]?.body ?? []);
    const altered = Buffer.from(card);
    altered[altered.length - 3] = (altered[altered.length - 3] ?? 0) ^ 1;
    expect(prepared?.copiesOf(card, 100_000_000)).not.toBeNull();
    expect(prepared?.copiesOf(altered, 100_000_000)).toBeNull();
    const photo = Buffer.from(drawn.photos[0]?.body ?? []);
    expect(prepared?.copiesOf(photo, 700 * 500 - 1)).toBeNull();
    expect(prepared?.copiesOf(photo, 700 * 500)).not.toBeNull();
  });

  it('is not used when made for another bundle or sharp, or when its files were changed', () => {
    expect(readPreparedDemo(dir, 'e'.repeat(64))).toBeNull();
    expect(readPreparedDemo(path.join(root, 'nowhere'), fingerprint)).toBeNull();

    const changed = path.join(root, 'changed');
    fs.cpSync(dir, changed, { recursive: true });
    const photo = Buffer.from(drawn.photos[0]?.body ?? []);
    const copies = made.get([...made.keys()].find((key) => key.equals(photo)) ?? photo);
    const hash = copies?.kind === 'made' ? copies.hash : '';
    fs.rmSync(path.join(changed, 'copies', hash, '320.avif'));
    expect(readPreparedDemo(changed, fingerprint)?.copiesOf(photo, 100_000_000)).toBeNull();
    fs.writeFileSync(path.join(changed, 'originals', 'card-1.jpg'), 'not the card');
    expect(readPreparedDemo(changed, fingerprint)?.drawn()).toBeNull();
  });

  it('names the bundle it was made for: another bundle, another fingerprint', () => {
    // Where sharp can be found from, as from server/dist.
    const cache = path.resolve(import.meta.dirname, '../../../../node_modules/.cache');
    fs.mkdirSync(cache, { recursive: true });
    const folder = fs.mkdtempSync(path.join(cache, 'candy-fingerprint-'));
    try {
      const entry = path.join(folder, 'imageVariants.js');
      fs.writeFileSync(entry, 'one bundle');
      const first = demoFingerprint(entry);
      expect(first).toMatch(/^[0-9a-f]{64}$/);
      expect(demoFingerprint(entry)).toBe(first);
      fs.writeFileSync(entry, 'another bundle');
      expect(demoFingerprint(entry)).not.toBe(first);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
