import { Button } from '@mantine/core';
import { IconEyeOff, IconMask } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { memberQuery } from '../../features/member-page';
import { endMasquerade, forgetAnswersOfViewer, type RouterApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import classes from './app-shell.module.css';

/** Spec §6 masquerade: the admin sees the app as a member until they end it here. */
export function MasqueradeBanner({ app, profileId }: { app: RouterApp; profileId: string }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const member = useQuery(memberQuery(profileId));
  const name = member.data ? `${member.data.firstName} ${member.data.lastName}`.trim() : null;

  const handleEnd = () => {
    endMasquerade(app.slug);
    forgetAnswersOfViewer(queryClient);
    void navigate(`/${app.slug}/m/${profileId}`);
  };

  return (
    <div className={classes.masquerade} data-mobile={isMobile || undefined} data-testid="masquerade-banner">
      <div className={classes.masqueradeText}>
        <IconMask size={18} stroke={1.8} aria-hidden="true" />
        <span>
          {name ? t('member.masquerade.viewingAs', { name }) : t('member.masquerade.viewingAsMember')}
        </span>
      </div>
      <Button
        size="xs"
        variant="white"
        color="dark"
        leftSection={<IconEyeOff size={15} stroke={1.8} />}
        onClick={handleEnd}
        data-testid="masquerade-end"
      >
        {t('member.masquerade.end')}
      </Button>
    </div>
  );
}
