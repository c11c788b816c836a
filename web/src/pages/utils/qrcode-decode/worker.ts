/// <reference lib="webworker" />
import './zxingAsset.ts';
import { said, wordsOf } from '../shared/said.ts';
import type { QrReply, QrRequest } from './protocol.ts';
import { type FoundCode, fromNative, readWithZxing } from './readCodes.ts';

/** The Shape Detection API is not in TypeScript's lib yet. */
interface NativeDetector {
  detect(image: ImageBitmap): Promise<{ rawValue: string; format: string; boundingBox: DOMRectReadOnly }[]>;
}
interface NativeDetectorClass {
  new (options: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

const nativeDetector: Promise<NativeDetector | null> = (async () => {
  const Detector = (self as unknown as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Detector) return null;
  try {
    const formats = await Detector.getSupportedFormats();
    return formats.includes('qr_code') ? new Detector({ formats: ['qr_code'] }) : null;
  } catch {
    return null;
  }
})();

const pixelsOf = (bitmap: ImageBitmap) => {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(bitmap, 0, 0);
  return context.getImageData(0, 0, bitmap.width, bitmap.height);
};

const read = async ({ id, image }: QrRequest): Promise<QrReply> => {
  let bitmap: ImageBitmap;
  try {
    bitmap = image instanceof Blob ? await createImageBitmap(image) : image;
  } catch {
    return { type: 'error', id, error: said('utils.qrcode-decode.unreadable') };
  }
  try {
    const native = await nativeDetector;
    let codes: FoundCode[] = [];
    if (native) {
      codes = fromNative(await native.detect(bitmap));
      if (codes.length > 0)
        return { type: 'result', id, codes, engine: 'native', width: bitmap.width, height: bitmap.height };
    }
    // No native detector, or it found nothing: zxing tries harder (rotation, inversion, downscaling).
    codes = await readWithZxing(pixelsOf(bitmap));
    return { type: 'result', id, codes, engine: 'zxing', width: bitmap.width, height: bitmap.height };
  } finally {
    bitmap.close();
  }
};

self.onmessage = (event: MessageEvent<QrRequest>) => {
  void read(event.data)
    .catch(
      (error: unknown): QrReply => ({
        type: 'error',
        id: event.data.id,
        error: wordsOf(error),
      }),
    )
    .then((message) => self.postMessage(message));
};
