import { useState } from 'react';
import { ActionIcon, Group, Modal, Tabs, Tooltip } from '@mantine/core';
import {
  IconArrowsMaximize,
  IconArrowsMinimize,
  IconChevronDown,
  IconChevronUp,
  IconCloud,
  IconGif,
  IconX,
} from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PickerFooter, PickerPanels } from './picker-panels';
import { usePickerState, type PickerShellProps, type PickerTab } from './picker-state';
import classes from './picker.module.css';

type FrameState = { fullScreen: boolean; collapsed: boolean };

/**
 * The desktop picker (spec §2 "Popup picker"): a large window that goes full screen or collapses to its title
 * bar. The footer shows only while files are selected; "Apply" returns them (folders are only for browsing).
 */
export function PickerPopup(props: PickerShellProps) {
  const [frame, setFrame] = useState<FrameState>({ fullScreen: false, collapsed: false });
  // The size stays the person's choice for the next opening; a collapsed bar does not.
  const handleClose = () => {
    setFrame((current) => ({ ...current, collapsed: false }));
    props.onClose();
  };
  return (
    <Modal.Root
      opened={props.opened}
      onClose={handleClose}
      size={1000}
      radius="lg"
      centered={!frame.collapsed}
      fullScreen={frame.fullScreen && !frame.collapsed}
      classNames={{
        content: classes.popup,
        inner: frame.collapsed ? classes.popupInnerCollapsed : undefined,
      }}
    >
      <Modal.Overlay backgroundOpacity={frame.collapsed ? 0.12 : 0.45} blur={frame.collapsed ? 0 : 2} />
      <Modal.Content
        data-collapsed={frame.collapsed || undefined}
        data-full-size={(frame.fullScreen && !frame.collapsed) || undefined}
        data-testid="picker-popup"
      >
        <PopupBody {...props} onClose={handleClose} frame={frame} onFrameChange={setFrame} />
      </Modal.Content>
    </Modal.Root>
  );
}

type PopupBodyProps = PickerShellProps & {
  frame: FrameState;
  onFrameChange: (frame: FrameState) => void;
};

function PopupBody({ frame, onFrameChange, ...props }: PopupBodyProps) {
  const { t } = useTranslation();
  const picker = usePickerState(props);
  const { collapsed, fullScreen } = frame;
  const title =
    picker.tab === 'gif' ? t('cloudPicker.title.gif') : t(`cloudPicker.title.${props.selectionMode}`);

  return (
    <Tabs
      className={classes.popupTabs}
      variant="pills"
      radius="xl"
      value={picker.tab}
      onChange={(value) => value && picker.selectTab(value as PickerTab)}
      keepMounted
    >
      {/* Not <header>: in a portal outside main, a header is a second banner landmark. */}
      <div className={classes.popupHeader}>
        <Modal.Title className={classes.popupTitle}>{title}</Modal.Title>
        {picker.tabs.length > 1 && !collapsed ? (
          <Tabs.List className={classes.popupTabList} aria-label={t('cloudPicker.tabs.label')}>
            <Tabs.Tab value="cloud" leftSection={<IconCloud size={16} stroke={1.8} />}>
              {t('cloudPicker.tabs.cloud')}
            </Tabs.Tab>
            <Tabs.Tab value="gif" leftSection={<IconGif size={16} stroke={1.8} />}>
              {t('cloudPicker.tabs.gif')}
            </Tabs.Tab>
          </Tabs.List>
        ) : null}
        <Group gap={4} wrap="nowrap" className={classes.popupControls}>
          <Tooltip
            label={t(collapsed ? 'cloudPicker.window.uncollapse' : 'cloudPicker.window.collapse')}
            withinPortal
          >
            <ActionIcon
              variant="subtle"
              color="gray"
              size={34}
              aria-label={t(collapsed ? 'cloudPicker.window.uncollapse' : 'cloudPicker.window.collapse')}
              onClick={() => onFrameChange({ ...frame, collapsed: !collapsed })}
              data-testid="picker-collapse"
            >
              {collapsed ? <IconChevronUp size={18} /> : <IconChevronDown size={18} />}
            </ActionIcon>
          </Tooltip>
          {collapsed ? null : (
            <Tooltip
              label={t(fullScreen ? 'cloudPicker.window.shrink' : 'cloudPicker.window.expand')}
              withinPortal
            >
              <ActionIcon
                variant="subtle"
                color="gray"
                size={34}
                aria-label={t(fullScreen ? 'cloudPicker.window.shrink' : 'cloudPicker.window.expand')}
                onClick={() => onFrameChange({ ...frame, fullScreen: !fullScreen })}
                data-testid="picker-expand"
              >
                {fullScreen ? <IconArrowsMinimize size={18} /> : <IconArrowsMaximize size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
          <ActionIcon
            variant="subtle"
            color="gray"
            size={34}
            aria-label={t('cloudPicker.window.close')}
            onClick={props.onClose}
            data-testid="picker-close"
          >
            <IconX size={18} />
          </ActionIcon>
        </Group>
      </div>

      {/* Collapsed, the body stays mounted (hidden): the folder and the selection survive. */}
      <div className={classes.popupBody}>
        <PickerPanels picker={picker} />
      </div>

      <PickerFooter picker={picker} className={classes.popupFooter} />
    </Tabs>
  );
}
