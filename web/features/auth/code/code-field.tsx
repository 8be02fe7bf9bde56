import { PinInput, Stack } from '@mantine/core';
import { IconAlertCircle, IconClockHour4 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../kernel/ui-store';
import { formatCountdown, type CodeDeadlines, type CodeStepError } from './code-limits';
import { useSecondsUntil } from './use-seconds-until';
import classes from './code.module.css';

export const codeLength = 6;

type CodeFieldProps = {
  value: string;
  onChange: (value: string) => void;
  deadlines: CodeDeadlines | null;
  error: CodeStepError | null;
  /** A form-level message for the code (e.g. "six digits, please"). */
  fieldError?: string | null;
  disabled?: boolean;
  autoFocus?: boolean;
};

/** Whether the code can still be checked, or a new one must be requested first. */
export function useCodeState(deadlines: CodeDeadlines | null, error: CodeStepError | null) {
  const expiresIn = useSecondsUntil(deadlines?.expiresAt ?? null);
  const retryIn = useSecondsUntil(error?.code === 'RATE_LIMITED' ? error.retryAt : null);
  const expired = error?.code === 'CODE_EXPIRED' || (deadlines !== null && expiresIn === 0);
  const locked = error?.code === 'CODE_CHECK_LIMIT' || deadlines?.remaining === 0;
  return { expiresIn, retryIn, expired, locked, usable: !expired && !locked && retryIn === 0 };
}

/** The six-digit code with what the limits say about it: errors, attempts left, time left. */
export function CodeField({
  value,
  onChange,
  deadlines,
  error,
  fieldError,
  disabled,
  autoFocus = true,
}: CodeFieldProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const state = useCodeState(deadlines, error);
  const attemptsUsed = deadlines !== null && deadlines.remaining < deadlines.checkLimit;

  let tone: 'error' | 'info' = 'info';
  let message: string | null = null;
  if (error?.code === 'RATE_LIMITED') {
    tone = 'error';
    message = state.retryIn > 0 ? t('auth.code.rateLimited', { seconds: state.retryIn }) : null;
  } else if (error && error.code !== 'SEND_AGAIN_LATER') {
    tone = 'error';
    message = t(`errors.${error.code}`);
    if (error.code === 'INVALID_CODE' && deadlines && deadlines.remaining > 0) {
      message = `${message} ${t('auth.code.remaining', { count: deadlines.remaining })}`;
    }
  } else if (fieldError) {
    tone = 'error';
    message = fieldError;
  } else if (state.locked) {
    tone = 'error';
    message = t('errors.CODE_CHECK_LIMIT');
  } else if (state.expired) {
    tone = 'error';
    message = t('auth.code.expired');
  } else if (deadlines) {
    message = attemptsUsed
      ? `${t('auth.code.expiresIn', { time: formatCountdown(state.expiresIn) })} · ${t('auth.code.remaining', { count: deadlines.remaining })}`
      : t('auth.code.expiresIn', { time: formatCountdown(state.expiresIn) });
  }

  return (
    <Stack gap={10} className={isMobile ? classes.compact : undefined}>
      <PinInput
        length={codeLength}
        type="number"
        oneTimeCode
        autoFocus={autoFocus}
        placeholder=""
        size={isMobile ? 'md' : 'lg'}
        gap={isMobile ? 6 : 10}
        ariaLabel={t('auth.code.label')}
        value={value}
        onChange={onChange}
        error={tone === 'error' && message !== null}
        disabled={disabled || !state.usable}
        classNames={{ root: classes.pinRoot, pinInput: classes.pinInput, input: classes.pinField }}
        data-testid="code-input"
      />
      <div
        className={classes.status}
        data-tone={tone}
        role={tone === 'error' ? 'alert' : 'status'}
        data-testid="code-status"
      >
        {message ? (
          <>
            {tone === 'error' ? (
              <IconAlertCircle size={17} stroke={1.8} />
            ) : (
              <IconClockHour4 size={17} stroke={1.7} />
            )}
            <span>{message}</span>
          </>
        ) : null}
      </div>
    </Stack>
  );
}
