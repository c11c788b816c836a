/**
 * The average colour a thumbhash encodes (RGBA, each 0–1): the header's DC terms, read as the
 * `thumbhash` package's `thumbHashToAverageRGBA` reads them (MIT, Evan Wallace; the test checks
 * both agree). Ours so the markup need not import the package: a module lives in one chunk, so
 * importing it here brought its whole decoder into the first load of /chaos (≈ 1.5 KB gzip, with
 * the page at the 100 KB budget of DESIGN §8); the decoder now loads with the first picture.
 */
export const thumbhashAverage = (hash: Uint8Array): { r: number; g: number; b: number; a: number } => {
  const header = (hash[0] ?? 0) | ((hash[1] ?? 0) << 8) | ((hash[2] ?? 0) << 16);
  const l = (header & 63) / 63;
  const p = ((header >> 6) & 63) / 31.5 - 1;
  const q = ((header >> 12) & 63) / 31.5 - 1;
  const a = header >> 23 ? ((hash[5] ?? 0) & 15) / 15 : 1;
  const b = l - (2 / 3) * p;
  const r = (3 * l - b + q) / 2;
  const g = r - q;
  const unit = (v: number) => Math.max(0, Math.min(1, v));
  return { r: unit(r), g: unit(g), b: unit(b), a };
};
