import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconLogin2, IconMailOff, IconPlugConnectedX, IconRefresh } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader';
import { AuthCard } from '../auth-card';
import { useAuthPath } from '../use-auth-path';
import { invitationApi, isInvitationGone, isInvitationToken } from './invitation-api';
import { JoinFlow } from './join-flow';

/** Unknown, used or expired: one friendly screen, with the way to the ordinary sign-in. */
function InvitationGone() {
  const { t } = useTranslation();
  const signInPath = useAuthPath();
  return (
    <AuthCard
      testId="join-gone"
      icon={<IconMailOff size={24} stroke={1.7} />}
      title={t('auth.join.goneTitle')}
      subtitle={t('auth.join.goneText')}
    >
      <Button
        component={Link}
        to={signInPath}
        size="md"
        fullWidth
        leftSection={<IconLogin2 size={18} stroke={1.8} />}
      >
        {t('auth.join.toSignIn')}
      </Button>
    </AuthCard>
  );
}

/** `/auth/join/{invitationToken}` (and under an app slug): accept a personal invitation into an app. */
export function JoinPage() {
  const { t } = useTranslation();
  const { invitationToken = '' } = useParams();
  const wellFormed = isInvitationToken(invitationToken);
  // A send or confirm call may find the invitation gone too (used or expired meanwhile).
  const [gone, setGone] = useState(false);
  const invitation = useQuery({
    queryKey: ['invitation', invitationToken],
    queryFn: ({ signal }) => invitationApi.info(invitationToken, signal),
    enabled: wellFormed,
    staleTime: 0,
    gcTime: 0,
    // The 404 has its own screen, a failed load its own retry.
    meta: { silent: true },
  });

  if (!wellFormed || gone || isInvitationGone(invitation.error)) {
    return <InvitationGone />;
  }
  if (invitation.isError) {
    return (
      <AuthCard
        testId="join-load-error"
        icon={<IconPlugConnectedX size={24} stroke={1.7} />}
        title={t('auth.join.loadErrorTitle')}
        subtitle={t('auth.join.loadErrorText')}
      >
        <Button
          size="md"
          fullWidth
          loading={invitation.isFetching}
          leftSection={<IconRefresh size={18} stroke={1.8} />}
          onClick={() => void invitation.refetch()}
        >
          {t('common.retry')}
        </Button>
      </AuthCard>
    );
  }
  if (invitation.isPending) {
    return <FullPageLoader fullScreen={false} />;
  }
  return (
    <JoinFlow
      key={invitationToken}
      invitationToken={invitationToken}
      invitation={invitation.data}
      onGone={() => setGone(true)}
    />
  );
}
