import { Readable } from 'node:stream';
import { ErrorCode } from '@candy/contract';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { sniffUpload, sniffUploadStream, UploadTypes } from './uploads.ts';

const png = (): Buffer => PNG.sync.write(new PNG({ width: 2, height: 2 }));
const jpegHead = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01]);
const gifHead = Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000', 'latin1');
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const html = Buffer.from('<!doctype html><script>alert(1)</script>');
const pdf = Buffer.from('%PDF-1.7\n%\u00e2\u00e3\u00cf\u00d3\n1 0 obj\n<<>>\nendobj\n', 'latin1');

describe('sniffUpload', () => {
  it.each([
    ['a PNG', png(), { mime: 'image/png', ext: 'png' }],
    ['a JPEG', jpegHead, { mime: 'image/jpeg', ext: 'jpg' }],
    ['a GIF', gifHead, { mime: 'image/gif', ext: 'gif' }],
  ])('recognises %s by its bytes', async (_, bytes, expected) => {
    await expect(sniffUpload(bytes, UploadTypes.image)).resolves.toEqual(expected);
  });

  it.each([
    ['an SVG with a script', svg],
    ['HTML', html],
    ['a PDF', pdf],
    ['empty bytes', Buffer.alloc(0)],
  ])('refuses %s as an image with 4150', async (_, bytes) => {
    await expect(sniffUpload(bytes, UploadTypes.image)).rejects.toMatchObject({
      code: ErrorCode.unsupportedMediaType,
    });
  });

  it('refuses a real image where only videos are allowed', async () => {
    await expect(sniffUpload(png(), UploadTypes.video)).rejects.toMatchObject({
      code: ErrorCode.unsupportedMediaType,
    });
  });
});

describe('sniffUploadStream', () => {
  it('passes every byte of an accepted upload through', async () => {
    const bytes = png();
    const { type, stream } = await sniffUploadStream(Readable.from([bytes]), UploadTypes.image);
    expect(type.mime).toBe('image/png');
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });

  it('refuses HTML named like a picture with 4150', async () => {
    await expect(sniffUploadStream(Readable.from([html]), UploadTypes.image)).rejects.toMatchObject({
      code: ErrorCode.unsupportedMediaType,
    });
  });
});

describe('sniffUploadStream with many small chunks', () => {
  it('reassembles a large upload split into 1 KB chunks', async () => {
    const bytes = Buffer.concat([png(), Buffer.alloc(20_000, 7)]);
    const pieces = Array.from({ length: Math.ceil(bytes.length / 1024) }, (_, i) =>
      bytes.subarray(i * 1024, (i + 1) * 1024),
    );
    const { stream } = await sniffUploadStream(Readable.from(pieces), UploadTypes.image);
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(Buffer.from(chunk));
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
  });
});
