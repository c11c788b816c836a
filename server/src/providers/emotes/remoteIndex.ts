import * as z from 'zod';
import { fetchJson } from '../fetchJson.ts';

export interface RemoteIndexEntry {
  id: string;
  name: string;
  group: string;
  /** Absolute: relative addresses in the index are resolved against the index's own URL. */
  url: string;
}

export interface RemoteEmoteIndex {
  entries(): Promise<RemoteIndexEntry[]>;
}

/**
 * The index format: a JSON list of `{id, name, group?, url}`, e.g. `index.json` at the root of an
 * emote repository served by a CDN, with `url` relative to it.
 */
const IndexAnswer = z.array(
  z.object({
    id: z.union([z.string(), z.number()]).transform(String),
    name: z.string().min(1).max(60),
    group: z.string().max(64).optional(),
    url: z.string().min(1),
  }),
);

export const createRemoteEmoteIndex = ({
  indexUrl,
  timeoutMs = 5000,
}: {
  indexUrl: string;
  timeoutMs?: number;
}): RemoteEmoteIndex => ({
  async entries() {
    const list = await fetchJson(indexUrl, IndexAnswer, { timeoutMs });
    return (
      list
        .filter((entry) => /^[\w.-]{1,64}$/.test(entry.id) && !/[[\]]/.test(entry.name))
        .map((entry) => ({
          id: entry.id,
          name: entry.name,
          group: entry.group ?? 'remote',
          url: new URL(entry.url, indexUrl).toString(),
        }))
        // Pictures only from the web: no `javascript:` or `data:` addresses reach a page.
        .filter((entry) => /^https?:\/\//.test(entry.url))
    );
  },
});
