/// <reference lib="webworker" />
import { zipSync } from 'fflate';
import { SaidError, said, wordsOf } from '../shared/said.ts';
import type { MergeReply, MergeRequest } from './protocol.ts';
import { type Layout, planStitch, signFrame, tileRanges } from './stitch.ts';

/** Decoded frames of the last analysis, reused by the export that follows it. */
let frames: ImageBitmap[] = [];

const reply = (message: MergeReply) => self.postMessage(message);

// Raw pixels: no colour conversion, so identical rows stay identical and the export is exact.
const decode = (file: Blob) =>
  createImageBitmap(file, { colorSpaceConversion: 'none', premultiplyAlpha: 'none' });

const pixelsOf = (bitmap: ImageBitmap): ImageData => {
  const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
  const context = canvas.getContext('2d', { willReadFrequently: true })!;
  context.drawImage(bitmap, 0, 0);
  return context.getImageData(0, 0, bitmap.width, bitmap.height);
};

const analyze = async (files: File[]) => {
  for (const old of frames) old.close();
  frames = [];
  const signatures = [];
  for (const [i, file] of files.entries()) {
    reply({ type: 'progress', label: said('utils.merge-image.stage.read'), done: i, total: files.length });
    let bitmap: ImageBitmap;
    try {
      bitmap = await decode(file);
    } catch {
      throw new SaidError(said('utils.merge-image.unreadable', { name: file.name }));
    }
    frames.push(bitmap);
    signatures.push(signFrame(pixelsOf(bitmap)));
  }
  const widths = new Set(frames.map((f) => f.width));
  if (widths.size > 1) {
    throw new SaidError(said('utils.merge-image.widths', { widths: [...widths] }));
  }
  const plan = planStitch(signatures, frames[0]?.width ?? 0, (done, total) =>
    reply({ type: 'progress', label: said('utils.merge-image.stage.match'), done, total }),
  );
  reply({ type: 'planned', plan });
};

const exportImage = async (layout: Layout, mime: 'image/png' | 'image/jpeg', quality: number) => {
  const tiles = tileRanges(layout.width, layout.height);
  const blobs: Blob[] = [];
  for (const [i, tile] of tiles.entries()) {
    reply({ type: 'progress', label: said('utils.merge-image.stage.export'), done: i, total: tiles.length });
    const canvas = new OffscreenCanvas(layout.width, tile.height);
    const context = canvas.getContext('2d')!;
    if (mime === 'image/jpeg') {
      context.fillStyle = '#fff';
      context.fillRect(0, 0, layout.width, tile.height);
    }
    for (const s of layout.segments) {
      const from = Math.max(s.destY, tile.y);
      const to = Math.min(s.destY + s.height, tile.y + tile.height);
      if (to <= from) continue;
      const bitmap = frames[s.frame]!;
      const srcY = s.srcY + (from - s.destY);
      context.drawImage(bitmap, 0, srcY, layout.width, to - from, 0, from - tile.y, layout.width, to - from);
    }
    blobs.push(await canvas.convertToBlob({ type: mime, quality }));
  }
  const ext = mime === 'image/png' ? 'png' : 'jpg';
  if (blobs.length === 1) {
    reply({ type: 'exported', blob: blobs[0]!, name: `merged.${ext}`, tiles: 1 });
    return;
  }
  // Too tall for one canvas: the tiles travel together in one zip, top to bottom.
  const entries: Record<string, Uint8Array> = {};
  for (const [i, blob] of blobs.entries()) {
    entries[`merged-${String(i + 1).padStart(2, '0')}.${ext}`] = new Uint8Array(await blob.arrayBuffer());
  }
  const zip = zipSync(entries, { level: 0 });
  reply({
    type: 'exported',
    blob: new Blob([zip], { type: 'application/zip' }),
    name: 'merged.zip',
    tiles: blobs.length,
  });
};

self.onmessage = (event: MessageEvent<MergeRequest>) => {
  const request = event.data;
  const work =
    request.type === 'analyze'
      ? analyze(request.files)
      : exportImage(request.layout, request.mime, request.quality);
  work.catch((error: unknown) => reply({ type: 'error', error: wordsOf(error) }));
};
