import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import { abortReason, asFile, deadline, inputArgs, runTool } from './ffmpeg-run.ts';
import { defaultMediaLimits, transcodeLimitMs, type MediaLimits } from './media-limits.ts';

/** Debian's `ffmpeg` package (installed by scripts/ensure-system-packages.mjs), found on PATH. */
const ffmpegBinary = 'ffmpeg';
const ffprobeBinary = 'ffprobe';

/** The longest side of a converted video; larger sources are scaled down, smaller ones kept. */
export const maxVideoSide = 1920;

type RunOptions = { signal?: AbortSignal; limits?: Partial<MediaLimits> };

export async function ffmpegAvailable(): Promise<boolean> {
  try {
    await Promise.all([runTool(ffmpegBinary, ['-version']), runTool(ffprobeBinary, ['-version'])]);
    return true;
  } catch {
    return false;
  }
}

export type MediaProbe = {
  durationMs: number | null;
  /** Displayed size, i.e. with the rotation applied (a portrait phone video is taller than wide). */
  width: number | null;
  height: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
  videoCodec: string | null;
  audioCodec: string | null;
  /** Clockwise degrees the player turns the stored frames (0, 90, 180 or 270), when there is video. */
  rotation?: number;
};

const probeSchema = z.object({
  format: z.object({ duration: z.string().optional() }).optional(),
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        width: z.number().optional(),
        height: z.number().optional(),
        duration: z.string().optional(),
        disposition: z.object({ attached_pic: z.number().optional() }).optional(),
        tags: z.object({ rotate: z.string().optional() }).optional(),
        side_data_list: z.array(z.object({ rotation: z.number().optional() })).optional(),
      }),
    )
    .default([]),
});

/** Duration, size and streams of a video or audio file (audio duration included). Rejects for non-media. */
export async function probeMedia(input: string, options: RunOptions = {}): Promise<MediaProbe> {
  const limit = deadline(ffprobeBinary, { ...defaultMediaLimits, ...options.limits }.probeMs);
  const { stdout } = await runTool(
    ffprobeBinary,
    ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', ...inputArgs(input)],
    { signal: withSignal(limit.signal, options.signal) },
  ).finally(limit.clear);
  const probe = probeSchema.parse(JSON.parse(stdout));
  // Cover art in an mp3 or m4a is a one-picture "video" stream; it does not make the file a video.
  const video = probe.streams.find((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1);
  const audio = probe.streams.find((s) => s.codec_type === 'audio');
  const seconds = [probe.format?.duration, ...probe.streams.map((s) => s.duration)]
    .map((value) => Number(value))
    .find((value) => Number.isFinite(value) && value > 0);
  const rotation = video ? rotationOf(video) : undefined;
  const turned = rotation === 90 || rotation === 270;
  return {
    durationMs: seconds === undefined ? null : Math.round(seconds * 1000),
    width: (turned ? video?.height : video?.width) ?? null,
    height: (turned ? video?.width : video?.height) ?? null,
    hasVideo: video !== undefined,
    hasAudio: audio !== undefined,
    videoCodec: video?.codec_name ?? null,
    audioCodec: audio?.codec_name ?? null,
    ...(rotation === undefined ? {} : { rotation }),
  };
}

type ProbeStream = z.infer<typeof probeSchema>['streams'][number];

function rotationOf(stream: ProbeStream): number {
  // The display matrix states counter-clockwise degrees (-90 = turn clockwise); the old tag, clockwise.
  const matrix = stream.side_data_list?.find((entry) => entry.rotation !== undefined)?.rotation;
  const degrees = matrix !== undefined ? -matrix : Number(stream.tags?.rotate ?? 0);
  return (((Math.round(degrees / 90) * 90) % 360) + 360) % 360;
}

export type TranscodeOptions = {
  /** From `probeMedia`; without it progress jumps from 0 to 100. */
  durationMs: number | null;
  /** 0 when ffmpeg starts, then whole percentages, rising, at most about once a second; 100 when done. */
  onProgress: (percent: number) => void | Promise<void>;
  /** The least time between two `onProgress` calls (default 1000 ms); tests set 0 to see every step. */
  progressIntervalMs?: number;
} & RunOptions;

/**
 * Converts a video to H.264/AAC mp4 that every browser plays: at most 1920 px on the long side (even
 * dimensions, as 4:2:0 requires), the moov atom first so playback starts before the download ends. Works on
 * `output.part` and renames it when complete; on failure, abort or timeout (`transcodeLimitMs`) ffmpeg is killed,
 * the partial file removed and the promise rejects (an `FfmpegError` with ffmpeg's last words, an
 * `FfmpegTimeoutError`, or the signal's reason).
 */
export async function transcodeToMp4(
  input: string,
  output: string,
  options: TranscodeOptions,
): Promise<void> {
  // Scale only down; `-2` keeps the aspect ratio with an even result, `trunc(…/2)*2` makes the long side even.
  const longSide = `min(${maxVideoSide},trunc(%s/2)*2)`;
  const scale =
    `scale=w='if(gte(iw,ih),${longSide.replace('%s', 'iw')},-2)'` +
    `:h='if(gte(iw,ih),-2,${longSide.replace('%s', 'ih')})'`;
  const args = [
    ...['-hide_banner', '-nostdin', '-v', 'error', '-y', ...inputArgs(input)],
    ...['-map', '0:v:0', '-map', '0:a:0?', '-sn', '-dn'],
    ...['-vf', scale, '-c:v', 'libx264', '-preset', 'veryfast', '-crf', '23', '-pix_fmt', 'yuv420p'],
    ...['-c:a', 'aac', '-b:a', '128k'],
    ...['-movflags', '+faststart', '-max_muxing_queue_size', '1024'],
    // Progress lines four times a second, so even a short conversion reports before it ends.
    ...['-progress', 'pipe:1', '-stats_period', '0.25', '-nostats', '-f', 'mp4', asFile(`${output}.part`)],
  ];
  if (options.signal?.aborted) {
    throw abortReason(options.signal);
  }
  // A failing progress callback (say, the file was deleted meanwhile) stops the conversion, too.
  const stop = new AbortController();
  const limits = { ...defaultMediaLimits, ...options.limits };
  const limit = deadline(ffmpegBinary, transcodeLimitMs(limits, options.durationMs, 0));
  const signal = withSignal(AbortSignal.any([stop.signal, limit.signal]), options.signal);
  const progress = progressReporter(
    options.durationMs,
    options.onProgress,
    (error) => stop.abort(error),
    options.progressIntervalMs,
  );
  const onStdoutLine = (line: string) => {
    const doneMs = outTimeMs(line);
    if (doneMs !== null) {
      // Progress earns more time (the pace rule), up to what the duration allows.
      limit.moveTo(transcodeLimitMs(limits, options.durationMs, doneMs));
      progress.parse(line);
    }
  };
  try {
    await writeAtomically(output, async () => {
      await progress.report(0);
      await runTool(ffmpegBinary, args, { signal, onStdoutLine });
      await progress.settled();
    });
  } finally {
    limit.clear();
  }
  await progress.report(100);
}

/**
 * Turns ffmpeg's `-progress` lines into `onProgress` calls: whole percentages, rising, at most one per
 * `minIntervalMs`, one at a time (an async callback finishes before the next starts). A callback failure goes
 * to `onFailure` and is rethrown by the next `report` or by `settled`.
 */
export function progressReporter(
  durationMs: number | null,
  onProgress: (percent: number) => void | Promise<void>,
  onFailure: (error: Error) => void = () => undefined,
  minIntervalMs = 1000,
) {
  let last = -1;
  let lastAt = 0;
  let chain: Promise<void> = Promise.resolve();
  let failure: Error | null = null;
  const settled = async () => {
    await chain;
    if (failure) {
      throw failure;
    }
  };
  const report = (percent: number) => {
    last = percent;
    lastAt = Date.now();
    chain = chain
      .then(() => (failure ? undefined : onProgress(percent)))
      .catch((error: unknown) => {
        failure ??= error instanceof Error ? error : new Error(String(error));
        onFailure(failure);
      });
    return settled();
  };
  const parse = (line: string) => {
    const doneMs = outTimeMs(line);
    if (doneMs === null || durationMs === null || durationMs <= 0) {
      return;
    }
    // 99 at most until the file is complete and renamed.
    const percent = Math.min(99, Math.floor((doneMs / durationMs) * 100));
    if (percent > last && Date.now() - lastAt >= minIntervalMs) {
      report(percent).catch(() => undefined);
    }
  };
  return { report, parse, settled };
}

/** The media time converted so far, from a `-progress` line; null for other lines. */
export function outTimeMs(line: string): number | null {
  // `out_time=00:01:02.345678`: unlike out_time_ms (microseconds despite its name), unambiguous. Before the
  // first frame ffmpeg prints a negative time or N/A, which this does not match.
  const match = /^out_time=(\d+):(\d+):(\d+(?:\.\d+)?)$/.exec(line.trim());
  return match ? (Number(match[1]) * 3600 + Number(match[2]) * 60 + Number(match[3])) * 1000 : null;
}

/** When to take the poster frame: at 1 s, or at 10 % of a shorter video. */
export function posterTimeMs(durationMs: number | null): number {
  return durationMs === null || durationMs <= 0 ? 0 : Math.min(1000, Math.floor(durationMs / 10));
}

/**
 * One frame as a JPEG at `output` (at `atMs`, by default `posterTimeMs` of the probed duration), to feed to
 * `makeImageDerivatives`. Falls back to the first frame when the seek finds none. Both tries share one limit.
 */
export async function extractPoster(
  input: string,
  output: string,
  options: { atMs?: number } & RunOptions = {},
): Promise<void> {
  const at = options.atMs ?? posterTimeMs((await probeMedia(input, options)).durationMs);
  const limit = deadline(ffmpegBinary, { ...defaultMediaLimits, ...options.limits }.posterMs);
  const signal = withSignal(limit.signal, options.signal);
  const grab = async (ms: number) => {
    await runTool(
      ffmpegBinary,
      [
        ...[
          '-hide_banner',
          '-nostdin',
          '-v',
          'error',
          '-y',
          '-ss',
          (ms / 1000).toFixed(3),
          ...inputArgs(input),
        ],
        ...['-map', '0:v:0', '-frames:v', '1', '-q:v', '2', '-f', 'mjpeg', asFile(`${output}.part`)],
      ],
      { signal },
    );
    return (await stat(`${output}.part`).catch(() => null))?.size ?? 0;
  };
  try {
    await writeAtomically(output, async () => {
      if ((await grab(at)) === 0 && (at === 0 || (await grab(0)) === 0)) {
        throw new Error(`no video frame in ${path.basename(input)}`);
      }
    });
  } finally {
    limit.clear();
  }
}

/** The time limit's signal, joined with the caller's when there is one. */
function withSignal(limit: AbortSignal, caller: AbortSignal | undefined): AbortSignal {
  return caller ? AbortSignal.any([limit, caller]) : limit;
}

/** Runs `write` (which produces `output.part`), then renames; removes the partial file when anything fails. */
async function writeAtomically(output: string, write: () => Promise<void>): Promise<void> {
  await mkdir(path.dirname(output), { recursive: true });
  try {
    await write();
    await rename(`${output}.part`, output);
  } catch (error) {
    await rm(`${output}.part`, { force: true });
    throw error;
  }
}

/**
 * The length of the first audio stream by decoding it (ffmpeg's progress `out_time`), for files whose header
 * states none — MediaRecorder writes WebM as a stream, without a duration. Null when nothing was decoded.
 */
export async function decodedAudioMs(
  filePath: string,
  options: { signal?: AbortSignal; limits?: Partial<MediaLimits> } = {},
): Promise<number | null> {
  const limits = { ...defaultMediaLimits, ...options.limits };
  const limit = deadline(ffmpegBinary, limits.posterMs);
  const signal = options.signal ? AbortSignal.any([options.signal, limit.signal]) : limit.signal;
  const { stdout } = await runTool(
    ffmpegBinary,
    [
      ...['-hide_banner', '-nostdin', '-v', 'error', ...inputArgs(filePath)],
      ...['-map', '0:a:0', '-f', 'null', '-progress', 'pipe:1', '-nostats', '-'],
    ],
    { signal },
  ).finally(limit.clear);
  const times = stdout
    .split('\n')
    .map((line) => outTimeMs(line))
    .filter((value): value is number => value !== null && value > 0);
  return times.length > 0 ? Math.round(Math.max(...times)) : null;
}
