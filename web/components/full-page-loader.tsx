import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function FullPageLoader({ fullScreen = true }: { fullScreen?: boolean }) {
  const { t } = useTranslation();
  return (
    <Center mih={fullScreen ? '100dvh' : 320} role="status" aria-label={t('common.loading')}>
      <Loader size="md" type="dots" />
    </Center>
  );
}
