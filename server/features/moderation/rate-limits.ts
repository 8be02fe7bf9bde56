import { errorCodes } from '../../../contracts/errors.ts';
import { AppError } from '../../platform/errors.ts';

/*
 * The moderation settings' hourly limits per member (posts, comments, reports). Counted from the member's own
 * rows of the last hour (an index range per author), so every instance agrees without a shared counter; a
 * request over the limit answers 429 with the error code of its kind and `Retry-After`: the seconds until the
 * oldest of the counted rows leaves the hour.
 */

export type LimitedKind = 'post' | 'comment' | 'report';

const codeOf = {
  post: errorCodes.postRateLimited,
  comment: errorCodes.commentRateLimited,
  report: errorCodes.reportRateLimited,
} as const;

const hourMs = 3_600_000;

/**
 * Throws the kind's 429 when `latest` (when the member's latest rows of the last hour were written, newest
 * first, at most `limit` of them) already holds `limit` rows. A limit of 0 is no limit.
 */
export function assertWithinHourlyLimit(
  kind: LimitedKind,
  latest: readonly Date[],
  limit: number,
  now: number = Date.now(),
): void {
  if (limit <= 0 || latest.length < limit) {
    return;
  }
  const oldest = latest[limit - 1]!;
  const retryAfterSeconds = Math.max(1, Math.ceil((oldest.getTime() + hourMs - now) / 1000));
  throw new AppError(429, codeOf[kind], { details: { retryAfterSeconds, limit } });
}
