/**
 * Time limits for ffmpeg and ffprobe, so that a crafted file cannot hold a worker (docs/DECISIONS.md, "Cloud:
 * media processing"). Probing and the poster have fixed limits. A conversion may take `transcodeBaseMs` plus
 * `transcodeTimePerMediaTime` × the probed duration, at most `transcodeCapMs`; and it is stopped as soon as it
 * falls behind that pace (base + factor × the media time converted so far), so a stalled input dies after
 * `transcodeBaseMs` whatever duration it declares.
 */
export type MediaLimits = {
  /** ffprobe reads the headers and a few packets. */
  probeMs: number;
  /** One frame for the poster (decoding from the keyframe before it). */
  posterMs: number;
  /** A conversion's allowance before any progress: start-up, opening the input, the first frames. */
  transcodeBaseMs: number;
  /** Wall-clock time per unit of media time: 10 lets a large source convert at a tenth of real time. */
  transcodeTimePerMediaTime: number;
  /** The most any conversion may take; below the `cloud.process` queue's expiry (platform/jobs.ts). */
  transcodeCapMs: number;
};

export const defaultMediaLimits: MediaLimits = {
  probeMs: 60_000,
  posterMs: 120_000,
  transcodeBaseMs: 120_000,
  transcodeTimePerMediaTime: 10,
  transcodeCapMs: 5 * 3600_000,
};

/** A conversion's limit once `doneMs` of media is converted; an unknown duration is bounded by the cap only. */
export function transcodeLimitMs(limits: MediaLimits, durationMs: number | null, doneMs: number): number {
  const perMedia = (ms: number) => limits.transcodeBaseMs + limits.transcodeTimePerMediaTime * ms;
  const declared = durationMs === null || durationMs <= 0 ? limits.transcodeCapMs : perMedia(durationMs);
  return Math.round(Math.min(limits.transcodeCapMs, declared, perMedia(doneMs)));
}
