import { ssrData, useHydrating } from '../../../core/ssrData.ts';
import { formatDateTime, formatDateTimeAt } from './time.ts';

/**
 * `YYYY-MM-DD HH:mm` in the device's time zone; while a server-rendered page hydrates (issue 16),
 * in the server's, so the first render matches its markup and the local time follows in an update.
 */
export const useDateTimeText = (ms: number): string => {
  const hydrating = useHydrating();
  const offset = ssrData()?.utcOffset;
  return hydrating && offset !== undefined ? formatDateTimeAt(ms, offset) : formatDateTime(ms);
};

export const LocalTime = ({ ms, className }: { ms: number; className?: string }) => (
  <time className={className} dateTime={new Date(ms).toISOString()} suppressHydrationWarning>
    {useDateTimeText(ms)}
  </time>
);
