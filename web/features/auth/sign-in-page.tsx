import { Anchor, Text } from '@mantine/core';
import { IconLogin2 } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from './auth-card';
import { SignInForm } from './sign-in-form';
import { useAuthPath } from './use-auth-path';

export function SignInPage() {
  const { t } = useTranslation();
  const signupPath = useAuthPath('signup');
  const resetPath = useAuthPath('reset');
  return (
    <AuthCard
      icon={<IconLogin2 size={24} stroke={1.7} />}
      title={t('auth.signIn.title')}
      subtitle={t('auth.signIn.subtitle')}
      footer={
        <>
          <Text size="sm" c="inherit" ta="center">
            {t('auth.signIn.noAccount')}{' '}
            <Anchor component={Link} to={signupPath} size="sm" fw={600}>
              {t('auth.signIn.signupLink')}
            </Anchor>
          </Text>
          <Anchor component={Link} to={resetPath} size="sm" c="dimmed" ta="center">
            {t('auth.signIn.forgotPassword')}
          </Anchor>
        </>
      }
    >
      <SignInForm />
    </AuthCard>
  );
}
