import { Button } from '@mantine/core';
import { IconArrowLeft, IconKey, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from './auth-card';
import { useAuthPath } from './use-auth-path';

type PendingAuthPageProps = { screen: 'signup' | 'reset' };

/** Sign-up and password reset arrive with the identity feature; until then the route says so honestly. */
function PendingAuthPage({ screen }: PendingAuthPageProps) {
  const { t } = useTranslation();
  const signInPath = useAuthPath();
  const icon =
    screen === 'signup' ? <IconUserPlus size={24} stroke={1.7} /> : <IconKey size={24} stroke={1.7} />;
  return (
    <AuthCard icon={icon} title={t(`auth.${screen}.title`)} subtitle={t(`auth.${screen}.text`)}>
      <Button
        component={Link}
        to={signInPath}
        variant="default"
        size="md"
        fullWidth
        leftSection={<IconArrowLeft size={18} stroke={1.8} />}
      >
        {t('auth.backToSignIn')}
      </Button>
    </AuthCard>
  );
}

export function SignupPage() {
  return <PendingAuthPage screen="signup" />;
}

export function ResetPage() {
  return <PendingAuthPage screen="reset" />;
}
