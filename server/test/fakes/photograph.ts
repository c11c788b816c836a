import sharp from 'sharp';

/**
 * A photograph-like JPEG: gradients under fine noise, which no encoder can make small (the image
 * pipeline's tests, server and e2e, measure copies against it).
 */
export const photograph = async (width: number, height: number): Promise<Buffer> => {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const i = (y * width + x) * 3;
      const noise = (Math.random() * 50) | 0;
      raw[i] = ((x * 255) / width + noise) & 255;
      raw[i + 1] = ((y * 255) / height + noise) & 255;
      raw[i + 2] = (((x + y) % 255) + noise) & 255;
    }
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
};
