import type { ComponentType } from 'react';
import { Avatar, Menu, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useClientConfig } from '../../kernel/client-config';
import { useIsMobile } from '../../kernel/ui-store';
import { currentLanguage, setLanguage } from '../../i18n/i18n';
import { languageNames, supportedLanguages, type Language } from '../../i18n/languages';
import { fullNameOf, initialsOf, useAccount } from '../../kernel/session/account-store';
import { accountApi } from './account-api';
import { useAccountUpdated } from './use-account-updates';
import { useSignOut } from './use-sign-out';
import classes from './account-menu.module.css';

export type AccountMenuLink = {
  to: string;
  label: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
};

/** Who the menu shows: the account, or (in an app) the person the app is shown for, with their photo. */
export type AccountMenuPerson = {
  firstName: string;
  lastName: string;
  email: string;
  avatarUrl: string | null;
};

type AccountMenuProps = {
  /** The host's own screens: the account on the service host, the member profile in an app. */
  links: AccountMenuLink[];
  /** Instead of the account: the member an admin views the app as, or the account with its app photo. */
  person?: AccountMenuPerson | null;
  /** Instead of saving the account's language: an app profile with a language of its own saves it there. */
  onLanguage?: ((language: Language) => void) | null;
};

/** The signed-in person in the header: who is signed in, the account screens, language, sign-out. */
export function AccountMenu({ links, person, onLanguage }: AccountMenuProps) {
  const { t } = useTranslation();
  const compact = useIsMobile();
  const account = useAccount();
  const config = useClientConfig();
  const { signOut, pending } = useSignOut();
  const accountUpdated = useAccountUpdated();
  const saveLanguage = useMutation({
    mutationFn: (language: Language) => accountApi.update({ language }),
    onSuccess: accountUpdated,
  });

  if (!account) {
    return null;
  }
  const active = currentLanguage();
  const languages = supportedLanguages.filter((code) => !config || config.languages.includes(code));
  const shown: AccountMenuPerson = person ?? { ...account, avatarUrl: null };
  const handleLanguage = (language: Language) => {
    void setLanguage(language);
    if (onLanguage) {
      onLanguage(language);
    } else if (account.language !== language) {
      saveLanguage.mutate(language);
    }
  };
  const avatar = (size: number) => (
    <Avatar color="brand" variant="filled" size={size} src={shown.avatarUrl} aria-hidden="true">
      {initialsOf(shown)}
    </Avatar>
  );
  const visibleName = shown.firstName || shown.email;

  return (
    <Menu position="bottom-end" width={280} withinPortal>
      <Menu.Target>
        <UnstyledButton
          className={classes.trigger}
          data-compact={compact || undefined}
          data-testid="account-menu"
        >
          {/* Named by its content, starting with the visible name (WCAG 2.5.3); the initials are decoration. */}
          {avatar(32)}
          {compact ? (
            <VisuallyHidden>{t('account.menu.label', { name: fullNameOf(shown) })}</VisuallyHidden>
          ) : (
            <>
              <span className={classes.name}>{visibleName}</span>
              <VisuallyHidden> – {t('account.menu.short')}</VisuallyHidden>
              <IconChevronDown size={14} stroke={2} className={classes.chevron} />
            </>
          )}
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <div className={classes.head}>
          {avatar(40)}
          <div className={classes.headText}>
            <div className={classes.headName}>{fullNameOf(shown)}</div>
            <div className={classes.headEmail}>{shown.email}</div>
          </div>
        </div>
        <Menu.Divider />
        {links.length > 0 ? (
          <>
            {links.map(({ to, label, icon: Icon }) => (
              <Menu.Item key={to} component={Link} to={to} leftSection={<Icon size={17} stroke={1.7} />}>
                {label}
              </Menu.Item>
            ))}
            <Menu.Divider />
          </>
        ) : null}
        {languages.length > 1 ? (
          <>
            <Menu.Label>{t('common.language')}</Menu.Label>
            {languages.map((language) => (
              <Menu.Item
                key={language}
                lang={language}
                onClick={() => handleLanguage(language)}
                rightSection={language === active ? <IconCheck size={16} stroke={2} /> : null}
                aria-current={language === active ? 'true' : undefined}
              >
                {languageNames[language]}
              </Menu.Item>
            ))}
            <Menu.Divider />
          </>
        ) : null}
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={17} stroke={1.7} />}
          onClick={signOut}
          disabled={pending}
          data-testid="sign-out"
        >
          {t('account.menu.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
