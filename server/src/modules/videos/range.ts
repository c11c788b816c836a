import { invalidField } from '../../http/errors.ts';
import { said } from '../../i18n/said.ts';
import type { VideoSources } from './sources.ts';

/** A bit of slack for a typed end time against ffprobe's duration. */
const END_SLACK = 0.05;

/**
 * A clip's source exists, is a readable video, and the range lies within it: answers the source's
 * path relative to the sources folder.
 */
export const checkedRange = async (
  sources: VideoSources,
  sourcePath: string,
  start: number,
  end: number | null | undefined,
): Promise<string> => {
  const { rel, info } = await sources.videoFile(sourcePath, 'sourcePath');
  const duration = info.duration ?? 0;
  if (duration && start >= duration)
    throw invalidField('start', 'too_big', said('error.videos.startPastEnd'));
  if (duration && end != null && end > duration + END_SLACK) {
    throw invalidField('end', 'too_big', said('error.videos.endPastEnd', { seconds: duration.toFixed(2) }));
  }
  return rel;
};
