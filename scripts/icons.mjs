#!/usr/bin/env node
// Draws the PNG icons and favicon.ico from web/public/favicon.svg (run after changing the logo:
// `node scripts/icons.mjs`; the results are committed, so builds need no image tools).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const pub = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../web/public');
const svg = fs.readFileSync(path.join(pub, 'favicon.svg'));
/** The logo on the light page colour, with room around it (maskable icons are cut to a circle). */
/** @param {number} size @param {number} padding */
const icon = (size, padding = 0) =>
  sharp(svg, { density: 512 })
    .resize(Math.round(size * (1 - padding * 2)))
    .extend({
      top: Math.round(size * padding),
      bottom: size - Math.round(size * padding) - Math.round(size * (1 - padding * 2)),
      left: Math.round(size * padding),
      right: size - Math.round(size * padding) - Math.round(size * (1 - padding * 2)),
      background: '#fdf8fb',
    })
    .flatten({ background: '#fdf8fb' })
    .png()
    .toBuffer();

/** @type {[string, number, number][]} */
const outputs = [
  ['icon-192.png', 192, 0.08],
  ['icon-512.png', 512, 0.08],
  ['icon-maskable-512.png', 512, 0.18],
  ['apple-touch-icon.png', 180, 0.08],
];
for (const [name, size, padding] of outputs) {
  fs.writeFileSync(path.join(pub, name), await icon(size, padding));
}

// favicon.ico holding 16, 32 and 48 px PNGs (ICO may carry PNG data since Windows Vista).
const sizes = [16, 32, 48];
const images = await Promise.all(
  sizes.map((size) => sharp(svg, { density: 256 }).resize(size).png().toBuffer()),
);
const header = Buffer.alloc(6 + 16 * images.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(images.length, 4);
let offset = header.length;
images.forEach((png, i) => {
  const entry = 6 + i * 16;
  const size = sizes[i] ?? 0;
  header.writeUInt8(size % 256, entry);
  header.writeUInt8(size % 256, entry + 1);
  header.writeUInt16LE(1, entry + 4);
  header.writeUInt16LE(32, entry + 6);
  header.writeUInt32LE(png.length, entry + 8);
  header.writeUInt32LE(offset, entry + 12);
  offset += png.length;
});
fs.writeFileSync(path.join(pub, 'favicon.ico'), Buffer.concat([header, ...images]));
console.log('icons written to web/public');
