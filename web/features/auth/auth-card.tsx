import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../app/ui-store';
import { usePageTitle } from '../../app/use-page-title';
import classes from './auth.module.css';

type AuthCardProps = {
  icon: ReactNode;
  title: string;
  subtitle: string;
  children?: ReactNode;
  footer?: ReactNode;
};

/** The centred card every auth screen sits in, on the shell's immersive backdrop. */
export function AuthCard({ icon, title, subtitle, children, footer }: AuthCardProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  usePageTitle(title);
  return (
    <div className={classes.page} data-mobile={isMobile || undefined}>
      <div className={classes.pattern} aria-hidden="true" />
      <Paper className={classes.card} radius="xl">
        <div className={classes.badge} aria-hidden="true">
          {icon}
        </div>
        <Stack gap={8} mb={28}>
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          <Text className={classes.subtitle}>{subtitle}</Text>
        </Stack>
        {children}
        {footer ? (
          <Stack gap={8} mt={28} pt={22} className={classes.footerLinks}>
            {footer}
          </Stack>
        ) : null}
      </Paper>
      <div className={classes.note}>
        <IconShieldLock size={16} stroke={1.7} />
        {t('auth.secureNote')}
      </div>
    </div>
  );
}
