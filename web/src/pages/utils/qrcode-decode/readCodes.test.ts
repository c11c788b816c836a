import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { beforeAll, describe, expect, it } from 'vitest';
import { prepareZXingModule } from 'zxing-wasm/reader';
import { type Pixels, readWithZxing } from './readCodes.ts';

// In Node the .wasm comes straight from node_modules; the page points zxing at its bundled copy.
beforeAll(() => {
  const wasm = createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm');
  prepareZXingModule({ overrides: { wasmBinary: readFileSync(wasm).buffer as ArrayBuffer } });
});

const qrPixels = async (text: string): Promise<Pixels> => {
  const png = PNG.sync.read(await QRCode.toBuffer(text, { margin: 4, scale: 6, errorCorrectionLevel: 'M' }));
  return { width: png.width, height: png.height, data: new Uint8ClampedArray(png.data) };
};

const blank = (width: number, height: number): Pixels => ({
  width,
  height,
  data: new Uint8ClampedArray(width * height * 4).fill(255),
});

const paste = (into: Pixels, image: Pixels, left: number, top: number) => {
  for (let y = 0; y < image.height; y++) {
    const row = image.data.subarray(y * image.width * 4, (y + 1) * image.width * 4);
    into.data.set(row, ((top + y) * into.width + left) * 4);
  }
};

/** Rotates about the centre onto a larger white canvas (nearest neighbour, like a tilted photo). */
const rotate = (image: Pixels, degrees: number): Pixels => {
  const size = Math.ceil(Math.hypot(image.width, image.height));
  const out = blank(size, size);
  const [sin, cos] = [Math.sin((degrees * Math.PI) / 180), Math.cos((degrees * Math.PI) / 180)];
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const dx = x - size / 2;
      const dy = y - size / 2;
      const sx = Math.round(cos * dx + sin * dy + image.width / 2);
      const sy = Math.round(-sin * dx + cos * dy + image.height / 2);
      if (sx < 0 || sy < 0 || sx >= image.width || sy >= image.height) continue;
      out.data.set(
        image.data.subarray((sy * image.width + sx) * 4, (sy * image.width + sx) * 4 + 4),
        (y * size + x) * 4,
      );
    }
  }
  return out;
};

describe('QR recognition with zxing-wasm', () => {
  it('reads one code', async () => {
    const codes = await readWithZxing(await qrPixels('https://example.com/糖果罐'));
    expect(codes.map((c) => c.text)).toEqual(['https://example.com/糖果罐']);
  });

  it('reads two codes in one image, in reading order', async () => {
    const left = await qrPixels('first code');
    const right = await qrPixels('second code');
    const both = blank(left.width + right.width + 40, Math.max(left.height, right.height) + 40);
    paste(both, right, left.width + 20, 20);
    paste(both, left, 10, 20);
    const codes = await readWithZxing(both);
    expect(codes.map((c) => c.text)).toEqual(['first code', 'second code']);
  });

  it.each([90, 30, -135])('reads a code rotated by %i degrees', async (degrees) => {
    const codes = await readWithZxing(rotate(await qrPixels(`rotated ${degrees}`), degrees));
    expect(codes.map((c) => c.text)).toEqual([`rotated ${degrees}`]);
  });

  it('finds nothing in an image without a code', async () => {
    await expect(readWithZxing(blank(200, 200))).resolves.toEqual([]);
  });
});
