import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { notifyError } from '../../../api/notify-error';
import { serverFieldIssues, type FieldIssues } from '../../../components/form-issues';
import type { SignupForm } from '../auth-api';
import { classifyAuthError } from '../auth-errors';
import type { CodeChallenge } from '../code/use-code-challenge';

type NewAccountOptions = {
  /** Creates the account and finishes the sign-in (sign-up, or a new person accepting an invitation). */
  submit: (form: SignupForm) => Promise<unknown>;
  challenge: CodeChallenge;
  /** The code ran out while the form was filled in: back to the code, with the limits. */
  onBackToCode: () => void;
  /** Code 40000 and unexpected failures: the flow starts over. */
  onRestart: () => void;
  /** A failure the flow handles itself (e.g. an invitation that is gone); true when handled. */
  onOwnFailure?: (error: unknown) => boolean;
};

/** Sending the new-account form, and what its failures show: field errors, the wait, or a step back. */
export function useNewAccount({
  submit,
  challenge,
  onBackToCode,
  onRestart,
  onOwnFailure,
}: NewAccountOptions) {
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});
  const [retryAt, setRetryAt] = useState<number | null>(null);

  const mutation = useMutation({
    mutationFn: submit,
    meta: { silent: true },
    onError: (error) => {
      if (onOwnFailure?.(error)) {
        return;
      }
      const failure = classifyAuthError(error);
      if (failure.kind === 'fields') {
        setServerIssues(serverFieldIssues(failure.errors));
      } else if (failure.kind === 'rateLimited') {
        setRetryAt(Date.now() + failure.retryAfterSeconds * 1000);
      } else if (failure.kind === 'network') {
        notifyError(error);
      } else if (failure.kind === 'code') {
        challenge.fail(error);
        onBackToCode();
      } else {
        notifyError(error);
        onRestart();
      }
    },
  });

  return {
    submit: (form: SignupForm) => {
      setServerIssues({});
      mutation.mutate(form);
    },
    submitting: mutation.isPending,
    serverIssues,
    retryAt,
  };
}
