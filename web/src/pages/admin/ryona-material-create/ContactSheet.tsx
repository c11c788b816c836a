import { sheetColumns, sheetTimes } from '@candy/contract/videoSheet';
import type { MouseEvent } from 'react';
import { call } from '../../../core/request.ts';
import { useT } from '../../../i18n/useT.ts';
import { LoadingState } from '../../../ui/adminKit/index.ts';
import { useBlobUrl } from './useBlobUrl.ts';

const COUNT = 12;
// The server's sheet: 320×180 frames with 4 px between them (server/src/modules/videos/ffmpeg.ts).
const TILE_W = 320;
const TILE_H = 180;
const GAP = 4;

/** The contact sheet of a source; clicking a frame answers that frame's time. */
export const ContactSheet = ({
  path,
  duration,
  onFrame,
}: {
  path: string;
  duration: number;
  onFrame: (seconds: number) => void;
}) => {
  const t = useT();
  const sheet = useBlobUrl(
    path,
    () =>
      call('videoSourceScreenshots', {
        query: { path, count: COUNT },
        as: 'blob',
      }) as Promise<unknown> as Promise<Blob>,
  );
  const times = sheetTimes(duration, COUNT);
  const columns = sheetColumns(COUNT);
  const pick = (event: MouseEvent<HTMLImageElement>) => {
    const image = event.currentTarget;
    const rect = image.getBoundingClientRect();
    const scale = image.naturalWidth / rect.width;
    const column = Math.floor(((event.clientX - rect.left) * scale) / (TILE_W + GAP));
    const row = Math.floor(((event.clientY - rect.top) * scale) / (TILE_H + GAP));
    const time = times[row * columns + Math.min(column, columns - 1)];
    if (time !== undefined) onFrame(time);
  };
  if (sheet.loading || !sheet.url) return <LoadingState>{t('admin.clips.sheet.loading')}</LoadingState>;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the times can also be typed into the fields beside it
    <img
      className="video-sheet"
      src={sheet.url}
      alt={t('admin.clips.sheet.alt')}
      onClick={pick}
      data-testid="contact-sheet"
    />
  );
};

/** One frame of the source at `at` seconds. */
export const FrameAt = ({ path, at, label }: { path: string; at: number; label: string }) => {
  const rounded = Math.round(at * 10) / 10;
  const frame = useBlobUrl(
    `${path}@${rounded}`,
    () =>
      call('videoSourceScreenshots', {
        query: { path, count: 1, at: rounded },
        as: 'blob',
      }) as Promise<unknown> as Promise<Blob>,
  );
  return (
    <figure className="video-frame">
      {frame.url ? <img src={frame.url} alt={label} /> : <div className="video-frame-empty" />}
      <figcaption>{label}</figcaption>
    </figure>
  );
};
