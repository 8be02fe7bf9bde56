import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatCountdown } from './code-limits';
import type { CodeChallenge } from './use-code-challenge';
import { useSecondsUntil } from './use-seconds-until';
import classes from './code.module.css';

type ResendCodeProps = {
  challenge: CodeChallenge;
  /** Draws attention once the old code is of no use any more. */
  emphasized?: boolean;
};

/** "Code erneut senden in 0:42" until `sendAgainAfter` (or a rate limit) has passed, then the resend button. */
export function ResendCode({ challenge, emphasized }: ResendCodeProps) {
  const { t } = useTranslation();
  const untilAllowed = useSecondsUntil(challenge.deadlines?.sendAgainAt ?? null);
  const untilUnblocked = useSecondsUntil(challenge.resendBlockedUntil);
  const seconds = Math.max(untilAllowed, untilUnblocked);
  const waiting = seconds > 0;

  return (
    <div className={classes.resendRow}>
      <Button
        variant={emphasized && !waiting ? 'light' : 'subtle'}
        color={emphasized && !waiting ? undefined : 'gray'}
        size="sm"
        leftSection={<IconRefresh size={16} stroke={1.8} />}
        disabled={waiting}
        loading={challenge.resending}
        onClick={challenge.resend}
        data-testid="code-resend"
      >
        {waiting ? t('auth.code.resendIn', { time: formatCountdown(seconds) }) : t('auth.code.resend')}
      </Button>
      {challenge.error?.code === 'SEND_AGAIN_LATER' && !waiting ? (
        <span role="alert">{t('errors.SEND_AGAIN_LATER')}</span>
      ) : null}
    </div>
  );
}
