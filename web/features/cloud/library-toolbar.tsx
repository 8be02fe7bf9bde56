import type { ReactNode } from 'react';
import { ActionIcon, Button, Menu, Select } from '@mantine/core';
import { IconFolderPlus, IconPlus, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { cloudSortValues, type CloudSort } from '../../../contracts/cloud';
import type { LibraryView } from './library-layout';
import classes from './cloud-library.module.css';
import { ViewToggle } from './view-toggle';

type LibraryToolbarProps = {
  search: ReactNode;
  view: LibraryView;
  onViewChange: (view: LibraryView) => void;
  /** null: the location has a fixed order (latest, fast access). */
  sort: CloudSort | null;
  onSortChange: (sort: CloudSort) => void;
  canUpload: boolean;
  canCreateFolder: boolean;
  onUpload: () => void;
  onCreateFolder: () => void;
  compact: boolean;
};

/** Search, sort, grid/list and the new-file menu (spec §2 "sort selector", "new-file menu"). */
export function LibraryToolbar(props: LibraryToolbarProps) {
  const { t } = useTranslation();
  const { compact } = props;
  return (
    <div className={classes.toolbar} data-compact={compact || undefined}>
      <div className={classes.toolbarSearch}>{props.search}</div>
      <div className={classes.toolbarActions}>
        {props.sort !== null && !compact ? (
          <Select
            aria-label={t('cloud.sort.label')}
            data-testid="cloud-sort"
            size="sm"
            w={190}
            allowDeselect={false}
            value={props.sort}
            onChange={(value) => value && props.onSortChange(value)}
            data={cloudSortValues.map((value) => ({ value, label: t(`cloud.sort.${value}`) }))}
            comboboxProps={{ withinPortal: true }}
          />
        ) : null}
        <ViewToggle view={props.view} onChange={props.onViewChange} />
        {props.canUpload || props.canCreateFolder ? (
          <Menu position="bottom-end" width={220} shadow="md">
            <Menu.Target>
              {compact ? (
                <ActionIcon size={36} radius="md" aria-label={t('cloud.new.label')} data-testid="cloud-new">
                  <IconPlus size={20} />
                </ActionIcon>
              ) : (
                <Button leftSection={<IconPlus size={18} />} data-testid="cloud-new">
                  {t('cloud.new.label')}
                </Button>
              )}
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Item
                leftSection={<IconUpload size={16} />}
                disabled={!props.canUpload}
                onClick={props.onUpload}
                data-testid="cloud-new-upload"
              >
                {t('cloud.new.upload')}
              </Menu.Item>
              <Menu.Item
                leftSection={<IconFolderPlus size={16} />}
                disabled={!props.canCreateFolder}
                onClick={props.onCreateFolder}
                data-testid="cloud-new-folder"
              >
                {t('cloud.new.folder')}
              </Menu.Item>
            </Menu.Dropdown>
          </Menu>
        ) : null}
      </div>
    </div>
  );
}
