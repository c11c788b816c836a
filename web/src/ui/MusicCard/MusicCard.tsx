import type { Track } from '@candy/contract/calls/music';
import { useRef, useState } from 'react';
import { useT } from '../../i18n/useT.ts';
import './music-card.css';
import { fetchPlayUrl, trackFailure, useTrack } from './useTrack.ts';

const formatTime = (seconds: number): string => {
  if (!Number.isFinite(seconds)) return '0:00';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
};

const Player = ({ track }: { track: Track }) => {
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState('');
  const [time, setTime] = useState({ current: 0, duration: 0 });
  const t = useT();

  const toggle = async () => {
    const element = audio.current;
    if (!element || busy) return;
    if (!element.paused) {
      element.pause();
      return;
    }
    setBusy(true);
    setFailure('');
    try {
      if (!element.src) element.src = track.url || (await fetchPlayUrl(String(track.id)));
      await element.play();
    } catch (error) {
      setFailure(trackFailure(String(track.id), error));
    } finally {
      setBusy(false);
    }
  };

  const progress = time.duration ? (time.current / time.duration) * 100 : 0;
  return (
    <div className="music-card" data-testid="music-card">
      {track.picUrl ? (
        <img className="music-card-cover" src={track.picUrl} alt="" width={56} height={56} loading="lazy" />
      ) : (
        <div className="music-card-cover" />
      )}
      <div className="music-card-body">
        <div className="music-card-title" data-content>
          {track.name}
        </div>
        <div className="music-card-singer" data-content>
          {track.singer}
        </div>
        <div className="music-card-progress" aria-hidden="true">
          <div style={{ width: `${progress}%` }} />
        </div>
        {failure ? <div className="music-card-error">{failure}</div> : null}
      </div>
      <button
        type="button"
        className="music-card-play"
        aria-label={t(playing ? 'music.pause' : 'music.play', { name: track.name })}
        aria-pressed={playing}
        disabled={busy}
        onClick={() => void toggle()}
      >
        {playing ? '❚❚' : '▶'}
        <span className="music-card-time">
          {formatTime(time.current)}/{formatTime(time.duration)}
        </span>
      </button>
      {/* biome-ignore lint/a11y/useMediaCaption: music without words to caption */}
      <audio
        ref={audio}
        preload="none"
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
        onTimeUpdate={(event) =>
          setTime({ current: event.currentTarget.currentTime, duration: event.currentTarget.duration || 0 })
        }
        onError={() => {
          if (audio.current?.src) setFailure(trackFailure(String(track.id), null));
        }}
      />
    </div>
  );
};

/** The music card of the markdown `[music:<id>]` syntax: the track's cover, name, singer and a player. */
export const MusicCard = ({ id }: { id: string }) => {
  const state = useTrack(id);
  const t = useT();
  if (state.status === 'unconfigured')
    return (
      <div className="music-card music-card-unconfigured" data-testid="music-card" role="note">
        {t('music.unconfigured', { id })}
      </div>
    );
  if (state.status === 'loading')
    return (
      <div className="music-card music-card-loading" data-testid="music-card" aria-busy="true">
        …
      </div>
    );
  if (state.status === 'failed')
    return (
      <div className="music-card music-card-failed" data-testid="music-card" role="note">
        {state.message}
      </div>
    );
  return <Player track={state.track} />;
};
