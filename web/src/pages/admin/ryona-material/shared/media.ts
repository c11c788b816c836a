import { apiBase } from '../../../../core/request.ts';
import { storage } from '../../../../core/storage.ts';
import { mediaSrc } from '../../../../ui/VideoEmbed/mediaSrc.ts';

const withKey = (url: string): string => {
  const key = storage.get().accessKey;
  return key ? `${url}${url.includes('?') ? '&' : '?'}fingerprint=${encodeURIComponent(key)}` : url;
};

/** A clip's media or cover for the owner: unpublished ones need the key, and `<video>` sends no headers. */
export const ownerMediaSrc = (url: string | null): string | undefined =>
  url ? withKey(mediaSrc(url)) : undefined;

/** The source video itself (ranges), optionally limited to `[start, end]` by a media fragment. */
export const sourceFileSrc = (path: string, range?: { start: number; end: number }): string =>
  `${withKey(`${apiBase()}/video/source/file?path=${encodeURIComponent(path)}`)}${
    range ? `#t=${range.start.toFixed(2)},${range.end.toFixed(2)}` : ''
  }`;
