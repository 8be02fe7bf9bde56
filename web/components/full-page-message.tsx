import type { CSSProperties, ReactNode } from 'react';
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import classes from './full-page-message.module.css';

type FullPageMessageProps = {
  /** A small icon in a soft halo… */
  icon?: ReactNode;
  /** …or a larger illustration instead. */
  illustration?: ReactNode;
  title: string;
  text: string;
  actions?: ReactNode;
  /** Fill the whole viewport (outside any shell) instead of the shell's content area. */
  fullScreen?: boolean;
  color?: string;
  'data-testid'?: string;
};

/** A calm, centred message for empty, error and not-found states. */
export function FullPageMessage({
  icon,
  illustration,
  title,
  text,
  actions,
  fullScreen = false,
  color = 'brand',
  'data-testid': testId,
}: FullPageMessageProps) {
  // Outside any shell the message is the page's whole content: its main landmark.
  const Root = fullScreen ? 'main' : 'div';
  return (
    <Root className={classes.root} data-full-screen={fullScreen || undefined} data-testid={testId}>
      <Stack align="center" gap="md" className={classes.content}>
        {illustration ?? (
          <div
            className={classes.halo}
            style={{ '--halo-color': `var(--mantine-color-${color}-light)` } as CSSProperties}
          >
            <ThemeIcon size={64} radius="xl" variant="light" color={color}>
              {icon}
            </ThemeIcon>
          </div>
        )}
        <Title order={1} ta="center" className={classes.title}>
          {title}
        </Title>
        <Text ta="center" className={classes.text}>
          {text}
        </Text>
        {actions ? <div className={classes.actions}>{actions}</div> : null}
      </Stack>
    </Root>
  );
}
