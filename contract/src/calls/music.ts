import * as z from 'zod';
import { type CallDef, defineCall } from '../call.ts';
import { musicRoutes as routes } from '../routes/music.ts';

export const musicMaxIds = 50;

const songId = z.lazy(() => z.string().regex(/^\d{1,20}$/, 'schema.music.id'));

/** A music track as spec §3 names its fields. `url` is '' when the song has no playable address. */
export const Track = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    /** Artist names joined by '/'. */
    singer: z.string(),
    picUrl: z.string(),
    url: z.string(),
  }),
);
export type Track = z.infer<typeof Track>;

export const SongDetailQuery = z.lazy(() =>
  z.object({
    /** Comma-joined song ids. */
    ids: z
      .string()
      .transform((text) => text.split(',').map((part) => part.trim()))
      .pipe(z.array(songId).min(1).max(musicMaxIds)),
  }),
);

export const SongUrlQuery = z.lazy(() => z.object({ id: songId }));

export const SongUrl = z.lazy(() => z.object({ id: z.number(), url: z.string() }));
export type SongUrl = z.infer<typeof SongUrl>;

export const musicCalls = {
  /** Tracks in the order asked; 4040 `没有找到对应的音乐: {id}` when one of them does not exist. */
  musicSongDetail: defineCall(routes.musicSongDetail, () => ({
    query: SongDetailQuery,
    response: z.array(Track),
  })),
  /** A fresh play address (upstream addresses expire); 4040 when the song cannot be played. */
  musicSongUrl: defineCall(routes.musicSongUrl, () => ({ query: SongUrlQuery, response: SongUrl })),
} satisfies Record<keyof typeof routes, CallDef>;
