import * as z from 'zod';
import { fetchJson, ProviderError } from '../fetchJson.ts';

export interface EmotePackage {
  id: number;
  name: string;
  /** Picture emotes only: Bilibili's text (kaomoji) packages have no picture to keep. */
  emotes: { id: number; code: string; url: string }[];
}

export interface BilibiliEmotes {
  /** The package, or null when Bilibili knows no package with this id. */
  emotePackage(id: number): Promise<EmotePackage | null>;
}

// The shape of `GET /x/emote/package?business=reply&ids=`; everything else is ignored.
const PackageAnswer = z.object({
  code: z.number(),
  message: z.string().optional(),
  data: z
    .object({
      packages: z
        .array(
          z.object({
            id: z.number(),
            text: z.string(),
            emote: z
              .array(z.object({ id: z.number(), text: z.string(), url: z.string().optional().default('') }))
              .nullable()
              .optional(),
          }),
        )
        .nullable()
        .optional(),
    })
    .nullable()
    .optional(),
});

export interface BilibiliOptions {
  /** Base URL of the Bilibili API (`https://api.bilibili.com`), or a stand-in for tests. */
  baseUrl: string;
  timeoutMs?: number;
}

export const createBilibiliEmotes = ({ baseUrl, timeoutMs = 5000 }: BilibiliOptions): BilibiliEmotes => {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async emotePackage(id) {
      const answer = await fetchJson(`${base}/x/emote/package?business=reply&ids=${id}`, PackageAnswer, {
        timeoutMs,
      });
      if (answer.code !== 0)
        throw new ProviderError(`bilibili answered code ${answer.code}: ${answer.message ?? ''}`);
      const found = answer.data?.packages?.find((p) => p.id === id);
      if (!found) return null;
      return {
        id: found.id,
        name: found.text,
        emotes: (found.emote ?? [])
          .filter((e) => /^\[[^[\]]{1,60}\]$/.test(e.text) && /^https?:\/\//.test(e.url))
          .map((e) => ({ id: e.id, code: e.text, url: e.url })),
      };
    },
  };
};
