// The bench's photographs (issue 30), made by the bench itself so every run measures the same
// kind of picture: camera-size JPEGs with detail and grain, and phone screenshots as PNG.

import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const sharp = createRequire(path.join(root, 'server/package.json'))('sharp');

/**
 * A photograph as a camera makes it: soft shapes of light and colour under fine grain (sensor
 * noise), 4000×3000, JPEG quality 90. Each seed gives another picture.
 */
export const photograph = async (/** @type {number} */ seed) => {
  const width = 4000;
  const height = 3000;
  const raw = Buffer.alloc(width * height * 3);
  let state = seed * 7919 + 1;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
  const blobs = Array.from({ length: 14 }, () => ({
    x: random() * width,
    y: random() * height,
    r: 300 + random() * 1200,
    c: [random() * 255, random() * 255, random() * 255],
  }));
  for (let y = 0; y < height; y += 4)
    for (let x = 0; x < width; x += 4) {
      // The shapes on a 4-pixel grid (fast enough), the grain on every pixel.
      let r = (x / width) * 120 + 40;
      let g = (y / height) * 120 + 40;
      let b = 160 - (x / width) * 80;
      for (const blob of blobs) {
        const d = Math.hypot(x - blob.x, y - blob.y) / blob.r;
        if (d < 1) {
          const w = (1 - d) * 0.6;
          r = r * (1 - w) + (blob.c[0] ?? 0) * w;
          g = g * (1 - w) + (blob.c[1] ?? 0) * w;
          b = b * (1 - w) + (blob.c[2] ?? 0) * w;
        }
      }
      for (let dy = 0; dy < 4; dy += 1)
        for (let dx = 0; dx < 4; dx += 1) {
          const i = ((y + dy) * width + x + dx) * 3;
          const grain = (random() - 0.5) * 24;
          raw[i] = r + grain;
          raw[i + 1] = g + grain;
          raw[i + 2] = b + grain;
        }
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
};

/** A phone's screenshot: flat panels, lines of text, an avatar, 1170×2532 PNG. */
export const screenshot = async (/** @type {number} */ seed) => {
  const lines = Array.from(
    { length: 30 },
    (_, i) =>
      `<rect x="180" y="${300 + i * 70}" width="${400 + ((i * 137 + seed * 91) % 560)}" height="26" rx="8" fill="#${i % 3 ? '555' : '222'}"/>` +
      `<circle cx="110" cy="${313 + i * 70}" r="28" fill="hsl(${(i * 40 + seed * 60) % 360} 60% 60%)"/>`,
  ).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1170" height="2532">
    <rect width="1170" height="2532" fill="#f6f4f0"/><rect width="1170" height="220" fill="hsl(${seed * 70} 50% 45%)"/>
    <text x="60" y="150" font-size="72" fill="#fff" font-family="sans-serif">糖果罐 ${seed}</text>${lines}</svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
};
