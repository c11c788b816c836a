/** QR decoding with zxing-wasm; the caller decides where its .wasm comes from (see zxingAsset.ts). */
import { readBarcodes } from 'zxing-wasm/reader';

export interface FoundCode {
  text: string;
  format: string;
  /** Top-left corner in image pixels, to order several codes in reading order. */
  x: number;
  y: number;
}

export interface Pixels {
  data: Uint8ClampedArray<ArrayBuffer>;
  width: number;
  height: number;
}

const readingOrder = (a: FoundCode, b: FoundCode) => a.y - b.y || a.x - b.x;

export const readWithZxing = async (pixels: Pixels): Promise<FoundCode[]> => {
  // zxing reads any { data, width, height } as a pixmap; ImageData is only its browser name. Copy
  // the fields one by one: ImageData keeps them as prototype getters, which a spread would drop.
  const image = {
    data: pixels.data,
    width: pixels.width,
    height: pixels.height,
    colorSpace: 'srgb',
  } satisfies ImageData;
  const results = await readBarcodes(image, {
    formats: ['QRCode', 'MicroQRCode'],
    tryHarder: true,
    tryRotate: true,
    tryInvert: true,
    tryDownscale: true,
    maxNumberOfSymbols: 32,
  });
  return results
    .filter((r) => r.isValid)
    .map((r) => ({ text: r.text, format: r.format, x: r.position.topLeft.x, y: r.position.topLeft.y }))
    .sort(readingOrder);
};

/** The same shape from the browser's own detector, where it exists. */
export const fromNative = (
  codes: { rawValue: string; format: string; boundingBox: DOMRectReadOnly }[],
): FoundCode[] =>
  codes
    .map((c) => ({ text: c.rawValue, format: c.format, x: c.boundingBox.x, y: c.boundingBox.y }))
    .sort(readingOrder);
