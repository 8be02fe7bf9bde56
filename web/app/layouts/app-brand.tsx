import { Group, Text, useComputedColorScheme, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RouterApp } from '../../kernel/current-app';
import classes from './app-shell.module.css';

/** The logo for the scheme on screen: the dark theme's own logo when there is one. */
export function logoFor(
  app: Pick<RouterApp, 'logoUrl' | 'logoWhiteThemeUrl'>,
  scheme: 'light' | 'dark',
): string | null {
  return scheme === 'dark' ? (app.logoWhiteThemeUrl ?? app.logoUrl) : app.logoUrl;
}

/**
 * The app in the header (spec §3 App fields): with `isAdvancedLogo` the logo is a wordmark that stands alone
 * (the name stays for screen readers); otherwise the logo or the icon is a square mark beside the name, and
 * without either the name's initial is.
 */
export function AppBrand({ app }: { app: RouterApp | null }) {
  const { t } = useTranslation();
  const scheme = useComputedColorScheme('light');
  if (!app) {
    return (
      <Group gap={10} wrap="nowrap" className={classes.brand}>
        <span className={classes.initial} aria-hidden="true" />
        <span className={classes.namePlaceholder} aria-hidden="true" />
        {/* The brand is the home link: while the app loads, it is named by where it leads. */}
        <VisuallyHidden>{t('common.nav.home')}</VisuallyHidden>
      </Group>
    );
  }
  const logo = logoFor(app, scheme);
  if (logo && app.isAdvancedLogo) {
    return (
      <span className={classes.brand}>
        <img src={logo} alt={app.name} className={classes.wordmark} data-testid="app-logo" />
      </span>
    );
  }
  const mark = logo ?? app.appIconUrl;
  return (
    <Group gap={10} wrap="nowrap" className={classes.brand}>
      {mark ? (
        <img src={mark} alt="" className={classes.mark} data-testid="app-logo" />
      ) : (
        <span className={classes.initial} aria-hidden="true">
          {app.name.trim().charAt(0).toUpperCase()}
        </span>
      )}
      <Text component="span" className={classes.name} data-testid="app-name">
        {app.name}
      </Text>
    </Group>
  );
}
