import type { PublicCollection, PublicMaterial } from '@candy/contract/calls/videos';
import { copyOf } from '@candy/contract/pictureCopy';
import { useRef, useState } from 'react';
import { call } from '../../core/request.ts';
import { useKeyedEffect } from '../../core/useKeyedEffect.ts';
import { useT } from '../../i18n/useT.ts';
import { mediaSrc } from './mediaSrc.ts';
import './video-embed.css';

type Loaded<T> = { state: 'loading' } | { state: 'ready'; data: T } | { state: 'missing' };

const useEmbed = <T,>(load: () => Promise<T>, key: string): Loaded<T> => {
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  // The key asked for last: an answer for an earlier one is dropped.
  const asked = useRef(key);
  // Once per key, not again each time the kept-alive page around the embed is shown.
  useKeyedEffect(() => {
    asked.current = key;
    const live = () => asked.current === key;
    setLoaded({ state: 'loading' });
    load().then(
      (data) => live() && setLoaded({ state: 'ready', data }),
      () => live() && setLoaded({ state: 'missing' }),
    );
  }, key);
  return loaded;
};

/** What visitors see for a clip that is not (or no longer) published: quiet, no error. */
const Missing = () => (
  <div className="video-embed video-embed-missing" data-testid="video-missing">
    {useT()('video.missing')}
  </div>
);

/** The embed is at most this wide (video-embed.css). */
const EMBED_WIDTH = 720;

/**
 * The poster as the embed shows it: a WebP copy (issue 30) as wide as the player on this screen,
 * else the frame as the worker stored it. `poster` takes one address, so the width is picked here.
 */
const posterOf = (clip: PublicMaterial): string | undefined => {
  if (!clip.poster) return undefined;
  const info = clip.pictures?.[clip.poster];
  const shown = Math.min(clip.width || EMBED_WIDTH, EMBED_WIDTH) * (globalThis.devicePixelRatio || 1);
  return mediaSrc((info && copyOf(info, shown, 'webp')?.url) || clip.poster);
};

const Player = ({
  clip,
  onEnded,
  autoPlay,
}: {
  clip: PublicMaterial;
  onEnded?: () => void;
  autoPlay?: boolean;
}) => (
  // biome-ignore lint/a11y/useMediaCaption: the owner's clips come without caption tracks
  <video
    className="video-embed-player"
    data-testid="video-player"
    src={mediaSrc(clip.url)}
    poster={posterOf(clip)}
    controls
    playsInline
    preload="metadata"
    autoPlay={autoPlay}
    onEnded={onEnded}
    width={clip.width || undefined}
    height={clip.height || undefined}
  />
);

const formatDuration = (seconds: number): string => {
  const whole = Math.round(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

const Clip = ({ id }: { id: number }) => {
  const loaded = useEmbed(() => call('videoPublicMaterial', { params: { id }, silent: true }), `video-${id}`);
  if (loaded.state === 'missing') return <Missing />;
  if (loaded.state === 'loading') return <div className="video-embed video-embed-loading" />;
  return (
    <figure className="video-embed" data-testid="video-embed">
      <Player clip={loaded.data} />
      <figcaption>{loaded.data.title}</figcaption>
    </figure>
  );
};

const Playlist = ({ id }: { id: number }) => {
  const loaded = useEmbed(
    () => call('videoPublicCollection', { params: { id }, silent: true }),
    `collection-${id}`,
  );
  const [current, setCurrent] = useState(0);
  const [started, setStarted] = useState(false);
  if (loaded.state === 'missing') return <Missing />;
  if (loaded.state === 'loading') return <div className="video-embed video-embed-loading" />;
  const collection: PublicCollection = loaded.data;
  const clip = collection.items[current];
  if (!clip) return <Missing />;
  const play = (index: number) => {
    setStarted(true);
    setCurrent(index);
  };
  return (
    <figure className="video-embed video-playlist" data-testid="video-playlist">
      <Player
        key={clip.id}
        clip={clip}
        autoPlay={started}
        onEnded={() => current + 1 < collection.items.length && play(current + 1)}
      />
      <figcaption>
        {collection.title} · {current + 1}/{collection.items.length}
      </figcaption>
      <ol className="video-playlist-items">
        {collection.items.map((item, index) => (
          <li key={item.id}>
            <button
              type="button"
              aria-current={index === current}
              className={index === current ? 'is-current' : undefined}
              onClick={() => play(index)}
            >
              <span>{item.title}</span>
              <span className="video-playlist-duration">{formatDuration(item.duration)}</span>
            </button>
          </li>
        ))}
      </ol>
    </figure>
  );
};

/** `[video:ID]` as a player, `[collection:ID]` as a playlist (a chunk of its own). */
export default function VideoEmbed({ kind, id }: { kind: 'video' | 'collection'; id: number }) {
  return kind === 'collection' ? <Playlist id={id} /> : <Clip id={id} />;
}
