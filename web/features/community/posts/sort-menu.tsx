import { Button, Menu, VisuallyHidden } from '@mantine/core';
import { IconArrowsSort, IconCheck, IconChevronDown } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

type SortMenuProps<Sort extends string> = {
  value: Sort;
  options: readonly Sort[];
  onChange: (sort: Sort) => void;
  /** i18n prefix of the option names: `community.sort.latest` … */
  labelPrefix?: string;
  testId?: string;
};

/** "Sortieren: Neueste": a compact menu of the list's sorts (spec §2 sort menu), the current one checked. */
export function SortMenu<Sort extends string>({
  value,
  options,
  onChange,
  labelPrefix = 'community.sort',
  testId = 'sort-menu',
}: SortMenuProps<Sort>) {
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" shadow="md" width={220}>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconArrowsSort size={17} stroke={1.8} />}
          rightSection={<IconChevronDown size={15} stroke={1.8} />}
          data-testid={testId}
          // The visible text is the current sort; the name says what it is (WCAG 2.5.3: it starts with the text).
          aria-label={`${t(`${labelPrefix}.${value}`)} – ${t('community.sort.label')}`}
        >
          {t(`${labelPrefix}.${value}`)}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {options.map((option) => (
          // Mantine's items are `menuitem`s (no aria-checked): the chosen one says so in its name.
          <Menu.Item
            key={option}
            rightSection={option === value ? <IconCheck size={16} stroke={2} /> : null}
            onClick={() => onChange(option)}
            data-testid={`${testId}-${option}`}
          >
            {t(`${labelPrefix}.${option}`)}
            {option === value ? <VisuallyHidden>, {t('community.chosen')}</VisuallyHidden> : null}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
