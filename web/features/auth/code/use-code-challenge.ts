import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { CodeLimits } from '../../../../contracts/auth';
import { notifyError } from '../../../api/notify-error';
import { i18n } from '../../../i18n/i18n';
import type { CodeSent } from '../auth-api';
import { classifyAuthError } from '../auth-errors';
import { deadlinesOf, type CodeDeadlines, type CodeStepError } from './code-limits';

type CodeChallengeOptions = {
  /** Sends the code again (the flow's own resend call). */
  resend: () => Promise<CodeSent>;
  /** Code 40000 and unexpected failures: the flow starts over at its first step. */
  onRestart: () => void;
  /** The deadlines of a code sent before a reload (the sign-up keeps its step). */
  initialDeadlines?: CodeDeadlines | null;
};

/**
 * The state of one code step (spec §3 "Code limits", §8 "auth error with code and details"): the limits as
 * deadlines, the inline error, and the resend call.
 */
export function useCodeChallenge({ resend, onRestart, initialDeadlines = null }: CodeChallengeOptions) {
  const [deadlines, setDeadlines] = useState<CodeDeadlines | null>(initialDeadlines);
  const [error, setError] = useState<CodeStepError | null>(null);
  // A refused resend (429) only holds back the next resend; the code already sent can still be typed.
  const [resendBlockedUntil, setResendBlockedUntil] = useState<number | null>(null);

  const begin = (limits: CodeLimits) => {
    setDeadlines(deadlinesOf(limits));
    setError(null);
  };

  const reset = () => {
    setDeadlines(null);
    setError(null);
  };

  /** Shows a failed code call inline where the spec wants it there; otherwise notifies and restarts. */
  const fail = (failure: unknown) => {
    const result = classifyAuthError(failure);
    switch (result.kind) {
      case 'code':
        setError({ code: result.code });
        if (result.limits) {
          setDeadlines(deadlinesOf(result.limits));
        }
        return;
      case 'rateLimited':
        setError({ code: 'RATE_LIMITED', retryAt: Date.now() + result.retryAfterSeconds * 1000 });
        return;
      case 'network':
        notifyError(result.error);
        return;
      case 'credentials':
      case 'fields':
      case 'restart':
        notifyError(failure);
        reset();
        onRestart();
        return;
    }
  };

  const resendMutation = useMutation({
    mutationFn: resend,
    meta: { silent: true },
    onSuccess: ({ limits }) => {
      begin(limits);
      notifications.show({ id: 'code-resent', color: 'teal', message: i18n.t('auth.code.resent') });
    },
    onError: (failure) => {
      const result = classifyAuthError(failure);
      if (result.kind === 'rateLimited') {
        setResendBlockedUntil(Date.now() + result.retryAfterSeconds * 1000);
      } else {
        fail(failure);
      }
    },
  });

  return {
    deadlines,
    error,
    begin,
    reset,
    fail,
    clearError: () => setError(null),
    resend: () => resendMutation.mutate(),
    resending: resendMutation.isPending,
    resendBlockedUntil,
  };
}

export type CodeChallenge = ReturnType<typeof useCodeChallenge>;
