import { Tooltip, UnstyledButton } from '@mantine/core';
import { IconLayoutGrid, IconList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { LibraryView } from './library-layout';
import classes from './view-toggle.module.css';

const views = [
  { value: 'grid', Icon: IconLayoutGrid },
  { value: 'list', Icon: IconList },
] as const satisfies readonly { value: LibraryView; Icon: unknown }[];

/**
 * Grid or list: two toggle buttons in a group. Drawn with CSS alone: Mantine's SegmentedControl measures its
 * options in a layout effect to place its sliding indicator, which forced a layout in the middle of the
 * library's first commit (a fifth of that long task on a phone).
 */
export function ViewToggle({ view, onChange }: { view: LibraryView; onChange: (view: LibraryView) => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="group"
      aria-label={t('cloud.view.label')}
      className={classes.toggle}
      data-testid="cloud-view-toggle"
    >
      {views.map(({ value, Icon }) => (
        <Tooltip key={value} label={t(`cloud.view.${value}`)} withinPortal>
          <UnstyledButton
            className={classes.option}
            aria-label={t(`cloud.view.${value}`)}
            aria-pressed={view === value}
            data-active={view === value || undefined}
            data-testid={`cloud-view-${value}`}
            onClick={() => onChange(value)}
          >
            <Icon size={16} stroke={1.8} aria-hidden />
          </UnstyledButton>
        </Tooltip>
      ))}
    </div>
  );
}
