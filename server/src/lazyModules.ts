import type sharpModule from 'sharp';

/**
 * Heavy libraries the server needs only for some requests, loaded on first use so a server at rest
 * stays small (DESIGN §8: idle RSS). sharp brings libvips (≈ 29 MB resident), file-type and tar a few
 * MB each; each is loaded once and then shared.
 */
let sharp: Promise<typeof sharpModule> | null = null;
export const loadSharp = (): Promise<typeof sharpModule> =>
  (sharp ??= import('sharp').then((module) => {
    // libvips keeps recent operations (up to 50 MB) for reuse and runs a thread per core: neither
    // helps a server that handles one picture at a time, and both keep memory resident afterwards.
    module.default.cache(false);
    module.default.concurrency(1);
    return module.default;
  }));

let fileType: Promise<typeof import('file-type')> | null = null;
export const loadFileType = (): Promise<typeof import('file-type')> => (fileType ??= import('file-type'));

let tar: Promise<typeof import('tar')> | null = null;
export const loadTar = (): Promise<typeof import('tar')> => (tar ??= import('tar'));
