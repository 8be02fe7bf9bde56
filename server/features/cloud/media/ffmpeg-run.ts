import { spawn } from 'node:child_process';
import path from 'node:path';

/*
 * Running ffmpeg and ffprobe on an upload safely: the input can only be the one local file, every run has a
 * time limit, and a run that is stopped (time limit, job cancelled, worker shutting down) is killed with its
 * whole process group.
 */

/** ffmpeg or ffprobe exited unsuccessfully; the message ends with the tail of what it printed. */
export class FfmpegError extends Error {
  constructor(
    readonly command: string,
    readonly exitCode: number | null,
    readonly stderrTail: string,
  ) {
    super(
      `${command} failed (${exitCode === null ? 'killed' : `exit ${exitCode}`}): ${stderrTail || 'no output'}`,
    );
    this.name = 'FfmpegError';
  }
}

/** ffmpeg or ffprobe ran past its time limit and was killed. The input is to blame, so this is final. */
export class FfmpegTimeoutError extends Error {
  constructor(
    readonly command: string,
    readonly limitMs: number,
  ) {
    super(`${command} timed out after ${limitMs} ms and was killed`);
    this.name = 'FfmpegTimeoutError';
  }
}

/**
 * Protocols an input may be read through. Without a list, ffmpeg lets a playlist inside the upload open
 * `http:`, `crypto:` or `data:` addresses (server-side requests from our network); `file` alone is all we need.
 */
export const inputProtocols = ['file'] as const;

/**
 * Demuxers an input may be read with: the containers `file-type` recognises as video or audio (see
 * media/sniff.ts). Left out on purpose are formats that open further files named inside the upload (hls,
 * concat, dash, ffmetadata, image2 patterns, tee …): with the `file` protocol allowed they could still read
 * any local file, such as another project's converted video, into this upload's output.
 */
export const inputDemuxers = [
  ...['mov', 'matroska', 'avi', 'mpeg', 'mpegvideo', 'mpegts', 'flv', 'asf', 'ogg'],
  ...['wav', 'mp3', 'aac', 'ac3', 'flac', 'aiff', 'amr', 'ape', 'mpc', 'mpc8', 'wv', 'dsf', 'voc', 'qcp'],
] as const;

/** `-i` with the input restricted to the one local file (both lists are input options, so they come first). */
export function inputArgs(filePath: string): string[] {
  return [
    ...['-protocol_whitelist', inputProtocols.join(',')],
    ...['-format_whitelist', inputDemuxers.join(',')],
    ...['-i', asFile(filePath)],
  ];
}

/**
 * Forces ffmpeg's file protocol: a path is never read as a URL (`http:`, `concat:` …) or, starting with a dash,
 * as an option.
 */
export function asFile(filePath: string): string {
  return `file:${path.resolve(filePath)}`;
}

/**
 * A time limit as an abort signal; `moveTo` sets a new limit counted from the start (a conversion that keeps
 * making progress earns more time). `clear` when the run is over, so the timer does not keep the process up.
 */
export function deadline(command: string, limitMs: number) {
  const started = Date.now();
  const controller = new AbortController();
  let current = limitMs;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(
      () => controller.abort(new FfmpegTimeoutError(command, current)),
      Math.max(0, started + current - Date.now()),
    );
  };
  arm();
  return {
    signal: controller.signal,
    moveTo(ms: number) {
      if (ms !== current && !controller.signal.aborted) {
        current = ms;
        arm();
      }
    },
    clear: () => clearTimeout(timer),
  };
}

const stderrTailBytes = 2000;

/** Process groups of runs in progress, killed if this process exits while they run (say, a forced shutdown). */
const running = new Set<number>();
let exitHookInstalled = false;

function killGroup(pid: number): void {
  try {
    // Negative pid: the whole group, so anything ffmpeg started dies with it.
    process.kill(-pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}

/**
 * Runs a binary without a shell, in its own process group. Rejects with `FfmpegError` on a non-zero exit, or
 * with the signal's reason after killing the group when the signal aborts.
 */
export function runTool(
  command: string,
  args: string[],
  options: { signal?: AbortSignal; onStdoutLine?: (line: string) => void } = {},
): Promise<{ stdout: string }> {
  const { signal, onStdoutLine } = options;
  if (signal?.aborted) {
    return Promise.reject(abortReason(signal));
  }
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.on('exit', () => running.forEach(killGroup));
  }
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const pid = child.pid;
    if (pid !== undefined) {
      running.add(pid);
    }
    let stdout = '';
    let pending = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      if (!onStdoutLine) {
        stdout += chunk;
        return;
      }
      pending += chunk;
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(onStdoutLine);
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-stderrTailBytes);
    });
    // SIGKILL: a conversion has nothing worth flushing, and the partial file is removed anyway.
    const kill = () => {
      if (pid !== undefined) {
        killGroup(pid);
      }
    };
    signal?.addEventListener('abort', kill, { once: true });
    const done = () => {
      signal?.removeEventListener('abort', kill);
      if (pid !== undefined) {
        running.delete(pid);
      }
    };
    child.on('error', (error) => {
      done();
      reject(error);
    });
    child.on('close', (code) => {
      done();
      if (signal?.aborted) {
        reject(abortReason(signal));
      } else if (code === 0) {
        resolve({ stdout });
      } else {
        reject(new FfmpegError(command, code, stderr.trim()));
      }
    });
  });
}

export function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('aborted', { cause: signal.reason });
}
