import { Button } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { NotFoundMessage } from '../../components/not-found-message';
import { useHostPaths } from '../../kernel/host-context';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { home } = useHostPaths();
  return (
    <NotFoundMessage
      actions={
        home === null ? null : (
          <Button component={Link} to={home} size="md" leftSection={<IconArrowLeft size={18} stroke={1.8} />}>
            {t('common.backHome')}
          </Button>
        )
      }
    />
  );
}
