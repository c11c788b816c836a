/**
 * DecompressionStream that keeps what it produced before an error: a truncated or junk-trailed
 * stream still yields its readable part, and says it was incomplete.
 */
export const inflate = async (
  bytes: Uint8Array,
  format: CompressionFormat,
): Promise<{ bytes: Uint8Array; complete: boolean }> => {
  const chunks: Uint8Array[] = [];
  let complete = true;
  const source = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream();
  const reader = source.pipeThrough(new DecompressionStream(format)).getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
    }
  } catch {
    complete = false;
  }
  return { bytes: concat(chunks), complete };
};

export const concat = (chunks: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let offset = 0;
  for (const c of chunks) {
    out.set(c, offset);
    offset += c.length;
  }
  return out;
};

export const isGzip = (b: Uint8Array) => b[0] === 0x1f && b[1] === 0x8b;
/** zlib header: CM 8, and the first two bytes as a big-endian number divisible by 31. */
export const isZlib = (b: Uint8Array) =>
  b.length > 1 && (b[0]! & 0x0f) === 8 && ((b[0]! << 8) | b[1]!) % 31 === 0;
