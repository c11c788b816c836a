import type { Readable } from 'node:stream';
import type { OutputInfo } from 'sharp';
import { type AppError, payloadTooLarge, unsupportedMediaType } from '../../http/errors.ts';
import type { SniffedType } from '../../http/uploads.ts';
import { said } from '../../i18n/said.ts';
import { loadSharp } from '../../lazyModules.ts';

export interface CleanImage {
  width: number;
  height: number;
}

export interface Cleaning {
  /** The re-encoded bytes, to store. */
  output: Readable;
  /** Settles once the image is written, with its size. */
  done: Promise<CleanImage>;
  /**
   * What the decoder raised, if it failed. The caller judges this, not whatever its own call threw:
   * a storage or database failure is never the uploader's fault, and a store may wrap the stream's
   * error in its own (ci41: an upload beside a backup was answered 4150 once, a message matched
   * out of its context).
   */
  decoderError(): Error | undefined;
}

/**
 * Re-encodes an uploaded image in its own format with the camera's orientation applied and every
 * metadata block (EXIF with its GPS position, XMP, IPTC) left out — sharp keeps none unless asked.
 * Streams through libvips; answers the stream to store and, once it has ended, the image's size.
 */
export const cleanImage = async (
  input: Readable,
  type: SniffedType,
  maxPixels: number,
): Promise<Cleaning> => {
  const sharp = await loadSharp();
  const animated = type.mime === 'image/gif' || type.mime === 'image/webp';
  // The pixel limit is checked against the header, before the pixels are decoded (issue 30: bombs).
  const pipeline = sharp({ animated, failOn: 'error', limitInputPixels: maxPixels }).rotate();
  switch (type.mime) {
    case 'image/jpeg':
      // libjpeg, not mozjpeg: 0.6 s instead of 2.3–3.3 s for 12 megapixels, for a file a quarter
      // larger. Pages show the pipeline's copies; the original is only opened whole (issue 30).
      pipeline.jpeg({ quality: 90 });
      break;
    case 'image/png':
      pipeline.png();
      break;
    case 'image/webp':
      pipeline.webp({ quality: 90 });
      break;
    case 'image/gif':
      pipeline.gif();
      break;
    default:
      pipeline.avif({ quality: 60 });
  }
  let decoderError: Error | undefined;
  // The source's own failure (a storage read) is passed on to the pipeline: it is not the file's.
  input.once('error', (error) => pipeline.destroy(error));
  const done = new Promise<CleanImage>((resolve, reject) => {
    pipeline.once('info', (info: OutputInfo) =>
      // Animated images report the height of all frames stacked; pages show one frame.
      resolve({ width: info.width, height: info.pageHeight ?? info.height }),
    );
    pipeline.once('error', (error: Error) => {
      // sharp emits what libvips raised on a live stream; a stream destroyed with an error — by the
      // failing source above, or by the store when its write fails — is not the file's fault.
      if (!pipeline.destroyed) decoderError = error;
      reject(error);
    });
  });
  return { output: input.pipe(pipeline), done, decoderError: () => decoderError };
};

/**
 * The caller's error behind a failed decode, or null for a fault of ours: too many pixels is 4130
 * (checked on the header, before decoding), a file the decoder cannot read — corrupt, truncated, not
 * what it claims — is 4150. `error` is what the decoder raised (`Cleaning.decoderError`).
 */
export const decodeRefusal = (error: Error | undefined, maxPixels: number): AppError | null => {
  if (!error) return null;
  if (/pixel limit/i.test(error.message))
    return payloadTooLarge(
      said('error.media.tooManyPixels', { megapixels: Math.round(maxPixels / 1_000_000) }),
    );
  if (/Input|unsupported|corrupt|VipsJpeg|libpng|read error|bad|premature|truncat/i.test(error.message))
    return unsupportedMediaType(said('error.media.undecodable'));
  return null;
};
