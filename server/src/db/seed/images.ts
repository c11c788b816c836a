import { Readable } from 'node:stream';
import { loadSharp } from '../../lazyModules.ts';
import type { BlobStorage } from '../../storage/index.ts';

export interface DemoImage {
  url: string;
  width: number;
  height: number;
}

/** A soft gradient card with a caption: real image files, made here, so the demo ships no assets. */
const svgCard = (
  width: number,
  height: number,
  hue: number,
  caption: string,
) => `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="hsl(${hue},80%,86%)"/><stop offset="1" stop-color="hsl(${(hue + 50) % 360},70%,70%)"/>
  </linearGradient></defs>
  <rect width="100%" height="100%" fill="url(#g)"/>
  <circle cx="${width * 0.75}" cy="${height * 0.3}" r="${Math.min(width, height) * 0.18}" fill="hsla(${hue},90%,97%,0.7)"/>
  <text x="50%" y="88%" text-anchor="middle" font-family="sans-serif" font-size="${Math.round(Math.min(width, height) / 12)}" fill="hsl(${hue},40%,30%)">${caption}</text>
</svg>
`;

/** A demo picture stored like an upload, for the image pipeline to copy. */
export type DemoPicture = DemoImage & { key: string; size: number };

/** A demo picture drawn, not yet stored: its name under `images/demo/`, size and JPEG bytes. */
export interface DrawnPicture {
  name: string;
  width: number;
  height: number;
  body: Uint8Array;
}

/** The demo's cards and photographs, drawn (sharp) but not stored. */
export interface DrawnDemo {
  cards: DrawnPicture[];
  photos: DrawnPicture[];
}

/**
 * The demo's cards (moments, the gallery, anime covers) as JPEGs: the pipeline makes their copies
 * and placeholders as for any picture. As SVG files each one cost the phone a document of its own
 * and a CJK font lookup at load (issue 30: ≈ 30–60 ms of main thread per picture on /moments under
 * Lighthouse's throttling).
 */
const drawDemoCards = async (): Promise<DrawnPicture[]> => {
  const sharp = await loadSharp();
  const shapes: [number, number][] = [
    [800, 500],
    [600, 800],
    [700, 700],
    [900, 540],
    [540, 720],
    [640, 480],
    [720, 960],
    [800, 600],
  ];
  const captions = ['晴', '海', '猫', '樱', '夜', '糖', '雨', '风'];
  const cards: DrawnPicture[] = [];
  for (const [index, [width, height]] of shapes.entries()) {
    const svg = svgCard(width, height, (index * 47) % 360, captions[index] ?? '');
    const body = await sharp(Buffer.from(svg)).jpeg({ quality: 85 }).toBuffer();
    cards.push({ name: `card-${index + 1}.jpg`, width, height, body });
  }
  return cards;
};

/** One demo photograph: a card drawn at camera size with film grain on top, as JPEG. */
const drawPhoto = async (width: number, hue: number, caption: string, seed: number): Promise<Buffer> => {
  const sharp = await loadSharp();
  const height = Math.round((width * 2) / 3);
  const grain = Buffer.alloc(width * height);
  let state = seed;
  for (let i = 0; i < grain.length; i += 1) {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    grain[i] = 96 + ((state >> 16) % 64);
  }
  return sharp(Buffer.from(svgCard(width, height, hue, caption)))
    .composite([{ input: grain, raw: { width, height, channels: 1 }, blend: 'overlay' }])
    .jpeg({ quality: 85 })
    .toBuffer();
};

/**
 * Raster photographs for the demo essays (issue 30: a new install shows the image pipeline at work):
 * the cards above drawn at camera size with film grain on top, so they compress like photographs.
 */
const drawDemoPhotos = async (): Promise<DrawnPicture[]> => {
  const scenes: [number, number, string][] = [
    [35, 2400, '晴'],
    [200, 2000, '海'],
    [320, 1800, '樱'],
  ];
  const photos: DrawnPicture[] = [];
  // One at a time: three camera-sized canvases at once took ≈ 80 MB more at the peak.
  for (const [index, [hue, width, caption]] of scenes.entries()) {
    const body = await drawPhoto(width, hue, caption, 1234 + index);
    photos.push({ name: `photo-${index + 1}.jpg`, width, height: Math.round((width * 2) / 3), body });
  }
  return photos;
};

/** Draws every demo picture in this process: in the picture child (variantsChild.ts), or in tests. */
export const drawDemo = async (): Promise<DrawnDemo> => ({
  cards: await drawDemoCards(),
  photos: await drawDemoPhotos(),
});

/**
 * Stores drawn pictures under `images/demo/` through the blob storage (DATA_DIR/files, or the S3
 * bucket) like uploads, so the `image-variants` job finds them where it stores their copies.
 */
export const storeDemoPictures = async (
  storage: BlobStorage,
  drawn: DrawnPicture[],
): Promise<DemoPicture[]> => {
  const stored: DemoPicture[] = [];
  for (const { name, width, height, body } of drawn) {
    const key = `images/demo/${name}`;
    const { size } = await storage.put(key, Readable.from(Buffer.from(body)), { contentType: 'image/jpeg' });
    stored.push({ key, url: `/files/${key}`, width, height, size });
  }
  return stored;
};
