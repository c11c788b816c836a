import { apiBase } from './request.ts';
import { storage } from './storage.ts';

/**
 * Spec §7 protected asset URL: the host's static blob endpoint with `path=frontend/{path}` and the
 * access key as `fingerprint` — for <img>, <video> and links, which cannot send the header. `ref`
 * reads a file as it was in a commit.
 */
export const protectedAssetUrl = (path: string, ref?: string): string => {
  const query = new URLSearchParams({ path, ...(ref ? { ref } : {}), fingerprint: storage.get().accessKey });
  return `${apiBase()}/static/blob?${query}`;
};
