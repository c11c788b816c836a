import type { Track } from '@candy/contract/calls/music';
import { ErrorCode } from '@candy/contract/codes';

import { useRef, useState } from 'react';
import { useIsOffline } from '../../core/appState.ts';
import { call, RequestError } from '../../core/request.ts';
import { runtimeConfig } from '../../core/runtimeConfig.ts';
import { useKeyedEffect } from '../../core/useKeyedEffect.ts';
import { spec } from '../../i18n/i18n.ts';

/**
 * Music hosts often answer with http:// addresses; the page's CSP lets media and images come only
 * from https (or our own origin), and those hosts serve https too — so ask for that.
 */
export const toHttps = (url: string, origin: string = window.location.origin): string => {
  if (!url.startsWith('http://')) return url;
  try {
    return new URL(url).origin === origin ? url : `https://${url.slice('http://'.length)}`;
  } catch {
    return url;
  }
};

export type TrackState =
  | { status: 'unconfigured' }
  | { status: 'loading' }
  | { status: 'ready'; track: Track }
  | { status: 'failed'; message: string };

/** The message a card shows for a failed lookup; an unknown song reads as spec §5 says. */
export const trackFailure = (id: string, error: unknown): string => {
  if (error instanceof RequestError && error.code !== ErrorCode.notFound) return error.message;
  return spec('musicNotFound', id);
};

/**
 * The track behind a `[music:<id>]` card. Silent: the card itself shows a failure. Online against a
 * server without a music service it asks nothing (issue 23: the request could only fail, and did so
 * on every demo page); offline the public proxy is asked as before.
 */
export const useTrack = (id: string): TrackState => {
  const offline = useIsOffline();
  const unconfigured = !offline && !runtimeConfig.musicOnline;
  const [state, setState] = useState<TrackState>(
    unconfigured ? { status: 'unconfigured' } : { status: 'loading' },
  );
  // The id asked for last: an answer for an earlier one is dropped.
  const asked = useRef(id);
  // Once per id (and mode), not again each time the kept-alive page around the card is shown.
  useKeyedEffect(() => {
    asked.current = id;
    if (unconfigured) {
      setState({ status: 'unconfigured' });
      return;
    }
    const live = () => asked.current === id;
    setState({ status: 'loading' });
    call('musicSongDetail', { query: { ids: [id] }, silent: true })
      .then((tracks) => {
        if (!live()) return;
        const track = tracks[0];
        setState(
          track
            ? { status: 'ready', track: { ...track, picUrl: toHttps(track.picUrl), url: toHttps(track.url) } }
            : { status: 'failed', message: spec('musicNotFound', id) },
        );
      })
      .catch((error: unknown) => {
        if (live()) setState({ status: 'failed', message: trackFailure(id, error) });
      });
  }, `${id}|${unconfigured}`);
  return state;
};

/** A fresh play address: upstream addresses expire, so it is asked for when playing starts. */
export const fetchPlayUrl = async (id: string): Promise<string> => {
  const { url } = await call('musicSongUrl', { query: { id }, silent: true });
  if (!url) throw new RequestError(ErrorCode.notFound, spec('musicNotFound', id));
  return toHttps(url);
};
