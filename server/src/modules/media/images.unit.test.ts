import { PassThrough, Readable } from 'node:stream';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type Cleaning, cleanImage, decodeRefusal } from './images.ts';

const jpeg = { ext: 'jpg', mime: 'image/jpeg' } as const;
const maxPixels = 40_000_000;

/** A small camera-free JPEG of one colour. */
const jpegOf = (width: number, height: number, background: string) =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** Reads a stream to its end; answers its error instead of throwing. */
const drain = async (stream: Readable): Promise<unknown> => {
  try {
    for await (const _ of stream);
    return null;
  } catch (error) {
    return error;
  }
};

/** The failure reached `done`, and nothing of it is laid at the uploader's door. */
const expectNotTheFilesFault = (cleaning: Cleaning, done: unknown) => {
  expect((done as Error).message).toMatch(/bad file descriptor/);
  expect(cleaning.decoderError()).toBeUndefined();
  expect(decodeRefusal(cleaning.decoderError(), maxPixels)).toBeNull();
};

describe('cleanImage: who is at fault when cleaning fails', () => {
  it('blames the file for what the decoder raised: a truncated JPEG is 4150', async () => {
    const whole = await jpegOf(64, 48, '#c84');
    const cleaning = await cleanImage(Readable.from([whole.subarray(0, whole.length / 2)]), jpeg, maxPixels);
    const [drained, done] = await Promise.all([drain(cleaning.output), cleaning.done.catch((e) => e)]);
    expect(done).toBeInstanceOf(Error);
    expect(drained).toBeInstanceOf(Error);
    expect(cleaning.decoderError()).toBe(done);
    expect(decodeRefusal(cleaning.decoderError(), maxPixels)?.code).toBe(4150);
  });

  it('never blames the file for its source failing, whatever the source’s message says', async () => {
    const source = new PassThrough();
    const cleaning = await cleanImage(source, jpeg, maxPixels);
    // A storage read that fails with words the decoder also uses ("bad", "read error").
    source.destroy(new Error('EBADF: bad file descriptor, read error'));
    const [drained, done] = await Promise.all([drain(cleaning.output), cleaning.done.catch((e) => e)]);
    expect(drained).toBeInstanceOf(Error);
    expectNotTheFilesFault(cleaning, done);
  });

  it('never blames the file for the store failing to take the copy', async () => {
    const whole = await jpegOf(640, 480, '#8c4');
    const cleaning = await cleanImage(Readable.from([whole]), jpeg, maxPixels);
    // As stream.pipeline does when the store's write fails: the source it reads from is destroyed with the error.
    cleaning.output.destroy(new Error('EBADF: bad file descriptor, write'));
    const done = await cleaning.done.catch((e) => e);
    expectNotTheFilesFault(cleaning, done);
  });

  it('cleans a good JPEG and reports its size, with no decoder error', async () => {
    const whole = await jpegOf(64, 48, '#48c');
    const cleaning = await cleanImage(Readable.from([whole]), jpeg, maxPixels);
    const [drained, size] = await Promise.all([drain(cleaning.output), cleaning.done]);
    expect(drained).toBeNull();
    expect(size).toEqual({ width: 64, height: 48 });
    expect(cleaning.decoderError()).toBeUndefined();
  });
});
