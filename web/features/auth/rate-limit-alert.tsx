import { Alert } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** "Too many attempts, try again in N s" after a 429; nothing once the wait is over. */
export function RateLimitAlert({ retryIn }: { retryIn: number }) {
  const { t } = useTranslation();
  if (retryIn <= 0) {
    return null;
  }
  return (
    <Alert color="orange" variant="light" icon={<IconHourglassHigh size={18} stroke={1.7} />} role="alert">
      {t('auth.code.rateLimited', { seconds: retryIn })}
    </Alert>
  );
}
