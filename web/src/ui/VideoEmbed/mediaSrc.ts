import { apiBase } from '../../core/request.ts';

/** Media URLs are paths under the API's origin; a separately hosted API lends its origin. */
export const mediaSrc = (url: string): string => {
  const base = apiBase();
  return /^https?:\/\//.test(base) ? new URL(url, base).toString() : url;
};
