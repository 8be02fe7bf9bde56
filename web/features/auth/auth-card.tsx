import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { IconShieldLock } from '@tabler/icons-react';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import classes from './auth.module.css';

type AuthCardProps = {
  icon: ReactNode;
  title: string;
  subtitle?: string | null;
  /** "Schritt 2 von 3" above the title of multi-step flows. */
  stepLabel?: string | null;
  /** Above the title, e.g. the invitation notice. */
  notice?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** The reassurance under the card; none when not given. */
  note?: string | null;
  testId?: string;
  /** Room for two fields side by side (the sign-up details). */
  wide?: boolean;
};

/** The centred card every auth screen sits in, on the shell's immersive backdrop. */
export function AuthCard({
  icon,
  title,
  subtitle,
  stepLabel,
  notice,
  children,
  footer,
  note,
  testId,
  wide,
}: AuthCardProps) {
  const isMobile = useIsMobile();
  usePageTitle(title);
  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid={testId}>
      <div className={classes.pattern} aria-hidden="true" />
      <Paper className={classes.card} radius="xl" data-wide={wide || undefined}>
        {notice}
        <div className={classes.badge} aria-hidden="true">
          {icon}
        </div>
        <Stack gap={8} mb={subtitle ? 28 : 20}>
          {stepLabel ? <Text className={classes.stepLabel}>{stepLabel}</Text> : null}
          <Title order={1} className={classes.title}>
            {title}
          </Title>
          {subtitle ? <Text className={classes.subtitle}>{subtitle}</Text> : null}
        </Stack>
        {children}
        {footer ? (
          <Stack gap={8} mt={28} pt={22} className={classes.footerLinks}>
            {footer}
          </Stack>
        ) : null}
      </Paper>
      {note ? (
        <div className={classes.note}>
          <IconShieldLock size={16} stroke={1.7} />
          {note}
        </div>
      ) : null}
    </div>
  );
}
