/** Row signatures of an RGBA image: an exact hash and a downscaled luminance profile per row. */

interface Pixels {
  width: number;
  height: number;
  data: Uint8ClampedArray | Uint8Array;
}

/** Luminance buckets per coarse row: enough to tell text lines apart, small enough to compare fast. */
export const COARSE_BUCKETS = 16;

/** FNV-1a over each row's bytes: equal rows get equal hashes, different rows almost never do. */
export const rowHashes = ({ width, height, data }: Pixels): Uint32Array => {
  const hashes = new Uint32Array(height);
  const rowBytes = width * 4;
  for (let y = 0; y < height; y++) {
    let h = 0x811c9dc5;
    const end = (y + 1) * rowBytes;
    for (let i = y * rowBytes; i < end; i++) h = Math.imul(h ^ data[i]!, 0x01000193);
    hashes[y] = h >>> 0;
  }
  return hashes;
};

/** Each row shrunk to COARSE_BUCKETS mean luminances (0…255), sampling every other pixel. */
export const coarseRows = ({ width, height, data }: Pixels): Uint8Array => {
  const out = new Uint8Array(height * COARSE_BUCKETS);
  const sums = new Float64Array(COARSE_BUCKETS);
  const counts = new Uint32Array(COARSE_BUCKETS);
  for (let y = 0; y < height; y++) {
    sums.fill(0);
    counts.fill(0);
    for (let x = 0; x < width; x += 2) {
      const i = (y * width + x) * 4;
      const bucket = Math.min(COARSE_BUCKETS - 1, Math.floor((x * COARSE_BUCKETS) / width));
      sums[bucket]! += 0.299 * data[i]! + 0.587 * data[i + 1]! + 0.114 * data[i + 2]!;
      counts[bucket]! += 1;
    }
    for (let b = 0; b < COARSE_BUCKETS; b++) {
      out[y * COARSE_BUCKETS + b] = counts[b] ? Math.round(sums[b]! / counts[b]!) : 0;
    }
  }
  return out;
};
