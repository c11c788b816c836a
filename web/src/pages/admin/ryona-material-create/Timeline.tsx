import type { MouseEvent } from 'react';
import { useT } from '../../../i18n/useT.ts';
import { formatSeconds } from '../ryona-material/shared/time.ts';

export type Marker = 'start' | 'end' | 'cover';

/** The source's length as a bar: the chosen range shaded, click to move the active marker there. */
export const Timeline = ({
  duration,
  start,
  end,
  cover,
  onClick,
}: {
  duration: number;
  start: number;
  end: number;
  cover: number | null;
  onClick: (seconds: number) => void;
}) => {
  const t = useT();
  const at = (seconds: number) => `${(Math.min(Math.max(seconds, 0), duration) / duration) * 100}%`;
  const click = (event: MouseEvent<HTMLDivElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    const ratio = (event.clientX - rect.left) / rect.width;
    onClick(Math.round(ratio * duration * 10) / 10);
  };
  return (
    <div className="video-timeline-wrap">
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the times can also be typed into the fields below */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer shortcut for the fields below */}
      <div className="video-timeline" onClick={click} data-testid="timeline">
        <div
          className="video-timeline-range"
          style={{ left: at(start), width: `calc(${at(end)} - ${at(start)})` }}
        />
        {cover !== null && (
          <div
            className="video-timeline-cover"
            style={{ left: at(start + cover) }}
            title={t('admin.clips.cut.cover')}
          />
        )}
      </div>
      <div className="video-timeline-scale">
        <span>0:00.0</span>
        <span>
          {formatSeconds(start)} – {formatSeconds(end)}（{formatSeconds(end - start)}）
        </span>
        <span>{formatSeconds(duration)}</span>
      </div>
    </div>
  );
};
