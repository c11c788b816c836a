import { spawn } from 'node:child_process';
import { sheetColumns } from '@candy/contract/videoSheet';
import { type Message, SaidError, said } from '../../i18n/said.ts';

/** What ffprobe tells about a media file. */
export interface ProbeInfo {
  duration: number | null;
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
}

/** ffmpeg's own words (plain), or ours (keyed). */
export class FfmpegError extends SaidError {
  constructor(message: Message) {
    super(message);
    this.name = 'FfmpegError';
  }
}

interface RunOptions {
  signal?: AbortSignal;
  /** Called with each chunk of stdout as text (ffmpeg `-progress pipe:1`). */
  onStdout?: (text: string) => void;
}

/** Runs a tool, answering its stdout; a non-zero exit is an FfmpegError with the end of stderr. */
const run = (tool: string, args: string[], options: RunOptions = {}): Promise<Buffer> =>
  new Promise((resolve, reject) => {
    const child = spawn(tool, args, { stdio: ['ignore', 'pipe', 'pipe'], signal: options.signal });
    const out: Buffer[] = [];
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => {
      if (options.onStdout) options.onStdout(chunk.toString());
      else out.push(chunk);
    });
    child.stderr.on('data', (chunk: Buffer) => {
      err = (err + chunk.toString()).slice(-2000);
    });
    child.on('error', (error) => reject(error));
    child.on('close', (code) => {
      if (code === 0) resolve(Buffer.concat(out));
      else
        reject(new FfmpegError(err.trim().split('\n').slice(-3).join(' ') || `${tool} exited with ${code}`));
    });
  });

const numberOr = (value: unknown): number | null => {
  const n = Number(value);
  return Number.isFinite(n) && n > 0 ? n : null;
};

export const probe = async (file: string): Promise<ProbeInfo> => {
  const out = await run('ffprobe', [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    file,
  ]);
  const data = JSON.parse(out.toString()) as {
    format?: { duration?: string };
    streams?: {
      codec_type?: string;
      codec_name?: string;
      width?: number;
      height?: number;
      duration?: string;
    }[];
  };
  const video = data.streams?.find((s) => s.codec_type === 'video');
  const audio = data.streams?.find((s) => s.codec_type === 'audio');
  if (!video) throw new FfmpegError(said('videos.noVideoStream'));
  return {
    duration: numberOr(data.format?.duration ?? video.duration),
    width: numberOr(video.width),
    height: numberOr(video.height),
    videoCodec: video.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
  };
};

/** One frame as a JPEG, at most 1280 wide. */
export const frameAt = (file: string, at: number, width = 1280): Promise<Buffer> =>
  run('ffmpeg', [
    '-v',
    'error',
    '-ss',
    at.toFixed(3),
    '-i',
    file,
    '-frames:v',
    '1',
    '-vf',
    `scale='min(${width},iw)':-2`,
    '-q:v',
    '3',
    '-f',
    'image2',
    '-c:v',
    'mjpeg',
    'pipe:1',
  ]);

export const timeLabel = (seconds: number): string => {
  const tenths = Math.floor(seconds * 10);
  const whole = Math.floor(tenths / 10);
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const mm = String(m).padStart(2, '0');
  const ss = `${String(whole % 60).padStart(2, '0')}.${tenths % 10}`;
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
};

/**
 * A contact sheet: `times.length` frames 320 px wide, `sheetColumns` to a row, each stamped with
 * its time (when ffmpeg can draw text; without fonts the frames come unstamped).
 */
export const contactSheet = async (file: string, times: number[]): Promise<Buffer> => {
  const columns = sheetColumns(times.length);
  const rows = Math.ceil(times.length / columns);
  const build = (stamped: boolean) => {
    const inputs = times.flatMap((t) => ['-ss', t.toFixed(3), '-i', file]);
    const chains = times.map((t, i) => {
      const stamp = stamped
        ? `,drawtext=text='${timeLabel(t).replace(/:/g, '\\:')}':x=8:y=8:fontsize=20:fontcolor=white:box=1:boxcolor=black@0.6:boxborderw=4`
        : '';
      return `[${i}:v]trim=end_frame=1,setpts=PTS-STARTPTS,scale=320:180:force_original_aspect_ratio=decrease,pad=320:180:(ow-iw)/2:(oh-ih)/2,setsar=1${stamp}[f${i}]`;
    });
    const joined = `${times.map((_, i) => `[f${i}]`).join('')}concat=n=${times.length}:v=1:a=0,tile=${columns}x${rows}:padding=4:color=black[out]`;
    return [
      '-v',
      'error',
      ...inputs,
      '-filter_complex',
      [...chains, joined].join(';'),
      '-map',
      '[out]',
      '-frames:v',
      '1',
      '-q:v',
      '4',
      '-f',
      'image2',
      '-c:v',
      'mjpeg',
      'pipe:1',
    ];
  };
  try {
    return await run('ffmpeg', build(true));
  } catch {
    return run('ffmpeg', build(false));
  }
};

/** Whether the video has a keyframe within 50 ms of `at` (a cut there can copy the streams). */
export const keyframeAt = async (file: string, at: number): Promise<boolean> => {
  if (at === 0) return true;
  const out = await run('ffprobe', [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-skip_frame',
    'nokey',
    '-read_intervals',
    `${Math.max(0, at - 5).toFixed(3)}%${(at + 1).toFixed(3)}`,
    '-show_entries',
    'frame=pts_time,best_effort_timestamp_time',
    '-of',
    'csv=p=0',
    file,
  ]);
  return out
    .toString()
    .split('\n')
    .flatMap((line) => line.split(','))
    .map(Number)
    .some((t) => Number.isFinite(t) && Math.abs(t - at) <= 0.05);
};

export interface CutOptions {
  input: string;
  output: string;
  start: number;
  /** Null: to the end. */
  end: number | null;
  copy: boolean;
  signal?: AbortSignal;
  /** Seconds of output written so far. */
  onProgress?: (seconds: number) => void;
}

/** Cuts `[start, end)` into an H.264/AAC MP4 with the index up front (`+faststart`). */
export const cut = async ({ input, output, start, end, copy, signal, onProgress }: CutOptions) => {
  const codecs = copy
    ? ['-c', 'copy']
    : [
        '-c:v',
        'libx264',
        '-preset',
        'ultrafast',
        '-crf',
        '23',
        '-pix_fmt',
        'yuv420p',
        '-c:a',
        'aac',
        '-b:a',
        '128k',
      ];
  let pending = '';
  await run(
    'ffmpeg',
    [
      '-v',
      'error',
      '-y',
      '-nostats',
      '-progress',
      'pipe:1',
      ...(start > 0 ? ['-ss', start.toFixed(3)] : []),
      ...(end !== null ? ['-t', (end - start).toFixed(3)] : []),
      '-i',
      input,
      '-map',
      '0:v:0',
      '-map',
      '0:a:0?',
      ...codecs,
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      output,
    ],
    {
      signal,
      onStdout: (text) => {
        pending += text;
        const lines = pending.split('\n');
        pending = lines.pop() ?? '';
        for (const line of lines) {
          const match = /^out_time_us=(\d+)/.exec(line);
          if (match) onProgress?.(Number(match[1]) / 1e6);
        }
      },
    },
  );
};

export interface TestPatternOptions {
  seconds: number;
  /** `WIDTHxHEIGHT`. */
  size?: string;
  signal?: AbortSignal;
}

/**
 * A test-pattern video with a tone (colour bars, a moving gradient and a running clock), made by
 * ffmpeg itself: H.264 (no B-frames) + AAC, 25 fps, a keyframe every second. The demo source a fresh install cuts
 * its first clip from, and the videos the server tests cut.
 */
export const makeTestPattern = async (
  output: string,
  { seconds, size = '640x360', signal }: TestPatternOptions,
): Promise<void> => {
  await run(
    'ffmpeg',
    [
      '-nostdin',
      '-y',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      `testsrc2=size=${size}:rate=25:duration=${seconds}`,
      '-f',
      'lavfi',
      '-i',
      `sine=frequency=523:sample_rate=44100:duration=${seconds}`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      '-g',
      '25',
      '-c:a',
      'aac',
      '-b:a',
      '64k',
      '-shortest',
      '-movflags',
      '+faststart',
      '-f',
      'mp4',
      output,
    ],
    { signal },
  );
};
