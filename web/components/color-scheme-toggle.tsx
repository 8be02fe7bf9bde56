import { ActionIcon, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

export function ColorSchemeToggle() {
  const { t } = useTranslation();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  const next = computed === 'dark' ? 'light' : 'dark';
  const label = next === 'dark' ? t('common.colorScheme.toDark') : t('common.colorScheme.toLight');

  return (
    <Tooltip label={label}>
      <ActionIcon
        data-testid="color-scheme-toggle"
        variant="subtle"
        color="gray"
        size="lg"
        radius="md"
        aria-label={label}
        onClick={() => setColorScheme(next)}
      >
        {computed === 'dark' ? <IconSun size={19} stroke={1.7} /> : <IconMoon size={19} stroke={1.7} />}
      </ActionIcon>
    </Tooltip>
  );
}
