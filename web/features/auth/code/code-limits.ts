import type { CodeLimits } from '../../../../contracts/auth';
import type { CodeErrorCode } from '../auth-errors';

/** Code limits turned into points in time when they arrive, so countdowns survive re-renders. */
export type CodeDeadlines = {
  sendAgainAt: number;
  expiresAt: number;
  checkLimit: number;
  remaining: number;
};

export function deadlinesOf(limits: CodeLimits, now = Date.now()): CodeDeadlines {
  return {
    sendAgainAt: now + limits.sendAgainAfter * 1000,
    expiresAt: now + limits.codeExpired * 1000,
    checkLimit: limits.codeCheckLimit,
    remaining: limits.codeCheckRemaining,
  };
}

/** What the code step shows under the code; RATE_LIMITED carries its own deadline. */
export type CodeStepError = { code: CodeErrorCode } | { code: 'RATE_LIMITED'; retryAt: number };

/** "0:42", "9:58", "12:05". */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const minutes = Math.floor(whole / 60);
  return `${minutes}:${String(whole % 60).padStart(2, '0')}`;
}
