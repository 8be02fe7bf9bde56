import { Button, Menu } from '@mantine/core';
import { IconCheck, IconChevronDown, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useClientConfig } from '../kernel/client-config';
import { currentLanguage, setLanguage } from '../i18n/i18n';
import { languageNames, supportedLanguages, type Language } from '../i18n/languages';

type LanguageSwitcherProps = {
  /** `compact` shows only the language code, for tight headers. */
  variant?: 'full' | 'compact';
};

export function LanguageSwitcher({ variant = 'full' }: LanguageSwitcherProps) {
  const { t } = useTranslation();
  const config = useClientConfig();
  const languages = config
    ? supportedLanguages.filter((code) => config.languages.includes(code))
    : supportedLanguages;
  const active = currentLanguage();
  const visible = variant === 'compact' ? active.toUpperCase() : languageNames[active];

  if (languages.length < 2) {
    return null;
  }

  const handleSelect = (language: Language) => {
    void setLanguage(language);
  };

  return (
    <Menu position="bottom-end" width={180}>
      <Menu.Target>
        <Button
          data-testid="language-switcher"
          variant="subtle"
          color="gray"
          size="sm"
          px={10}
          leftSection={<IconLanguage size={18} stroke={1.7} />}
          rightSection={<IconChevronDown size={14} stroke={2} />}
          // The name starts with what the button shows (WCAG 2.5.3), then says what it does.
          aria-label={`${visible} – ${t('common.changeLanguage')}`}
        >
          {visible}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('common.language')}</Menu.Label>
        {languages.map((language) => (
          <Menu.Item
            key={language}
            lang={language}
            onClick={() => handleSelect(language)}
            rightSection={language === active ? <IconCheck size={16} stroke={2} /> : null}
            aria-current={language === active ? 'true' : undefined}
          >
            {languageNames[language]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
