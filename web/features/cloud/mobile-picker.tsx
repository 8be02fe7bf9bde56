import { useRef, useState, type CSSProperties, type PointerEvent } from 'react';
import { ActionIcon, Drawer, Tabs } from '@mantine/core';
import { IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { mobileDialog } from '../../../contracts/constants';
import { PickerFooter, PickerPanels } from './picker-panels';
import { usePickerState, type PickerShellProps, type PickerTab } from './picker-state';
import classes from './picker.module.css';

/** Spec §9: a swipe down closes the dialog once it covers more than 70 % of the dialog's height. */
export function shouldCloseSheet(dragPx: number, sheetHeightPx: number): boolean {
  return sheetHeightPx > 0 && dragPx > sheetHeightPx * mobileDialog.swipeCloseThreshold;
}

const sheetHeight = '92dvh';
const snapBackTransition = 'transform 220ms cubic-bezier(0.2, 0.8, 0.2, 1)';

/**
 * The picker on a phone (spec §2 "Mobile dialog"): a bottom sheet with the cloud and GIF tabs. It follows a
 * finger (or mouse) dragging its handle and closes when let go far enough down, else it snaps back.
 */
export function MobilePicker(props: PickerShellProps) {
  const { t } = useTranslation();
  return (
    <Drawer.Root opened={props.opened} onClose={props.onClose} position="bottom" size={sheetHeight}>
      <Drawer.Overlay backgroundOpacity={0.5} />
      <Drawer.Content
        className={classes.sheetContent}
        aria-label={t(`cloudPicker.title.${props.selectionMode}`)}
      >
        <SheetBody {...props} />
      </Drawer.Content>
    </Drawer.Root>
  );
}

/**
 * Dragging the handle: how far down, while a pointer holds it. The listeners sit on the track the sheet moves
 * in, so a press where the handle was (the sheet still settling back) catches the sheet as well.
 */
function useSheetDrag(onClose: () => void) {
  const sheetRef = useRef<HTMLDivElement>(null);
  const handleRef = useRef<HTMLDivElement>(null);
  const startY = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const [dragging, setDragging] = useState(false);

  const handlePointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const onHandle = event.target === handleRef.current || event.target === event.currentTarget;
    if (event.button !== 0 || !onHandle) {
      return;
    }
    // No text selection while dragging; captured, the moves keep coming wherever the pointer goes.
    event.preventDefault();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    startY.current = event.clientY;
    setDragging(true);
  };
  const handlePointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (startY.current !== null) {
      setOffset(Math.max(0, event.clientY - startY.current));
    }
  };
  const handlePointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    if (startY.current === null) {
      return;
    }
    const dragged = Math.max(0, event.clientY - startY.current);
    startY.current = null;
    setDragging(false);
    if (shouldCloseSheet(dragged, sheetRef.current?.offsetHeight ?? 0)) {
      // The sheet stays where it was let go and leaves from there.
      setOffset(dragged);
      onClose();
    } else {
      setOffset(0);
    }
  };

  return {
    sheetRef,
    handleRef,
    dragging,
    style: { transform: `translateY(${offset}px)`, transition: dragging ? 'none' : snapBackTransition },
    trackProps: {
      onPointerDown: handlePointerDown,
      onPointerMove: handlePointerMove,
      onPointerUp: handlePointerEnd,
      onPointerCancel: handlePointerEnd,
    },
  };
}

function SheetBody(props: PickerShellProps) {
  const { t } = useTranslation();
  const picker = usePickerState(props);
  const drag = useSheetDrag(props.onClose);
  const sizes = {
    '--sheet-radius': `${mobileDialog.borderRadiusPx}px`,
    '--sheet-footer': `${mobileDialog.footerHeightPx}px`,
  } as CSSProperties;

  return (
    <div className={classes.track} data-dragging={drag.dragging || undefined} {...drag.trackProps}>
      <div
        ref={drag.sheetRef}
        className={classes.sheet}
        style={{ ...sizes, ...drag.style }}
        data-testid="mobile-picker"
      >
        <div
          ref={drag.handleRef}
          className={classes.handle}
          aria-hidden
          title={t('cloudPicker.window.handle')}
          data-testid="mobile-picker-handle"
        />
        <Tabs
          className={classes.sheetTabs}
          value={picker.tab}
          onChange={(value) => value && picker.selectTab(value as PickerTab)}
          keepMounted
        >
          <div className={classes.sheetHeader}>
            {picker.tabs.length > 1 ? (
              <Tabs.List className={classes.sheetTabList} grow aria-label={t('cloudPicker.tabs.label')}>
                <Tabs.Tab value="cloud">{t('cloudPicker.tabs.cloud')}</Tabs.Tab>
                <Tabs.Tab value="gif">{t('cloudPicker.tabs.gif')}</Tabs.Tab>
              </Tabs.List>
            ) : (
              <Drawer.Title className={classes.sheetTitle}>
                {picker.tab === 'gif'
                  ? t('cloudPicker.title.gif')
                  : t(`cloudPicker.title.${props.selectionMode}`)}
              </Drawer.Title>
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              size={36}
              aria-label={t('cloudPicker.window.close')}
              onClick={props.onClose}
              data-testid="picker-close"
            >
              <IconX size={20} />
            </ActionIcon>
          </div>
          <PickerPanels picker={picker} />
        </Tabs>
        <PickerFooter picker={picker} className={classes.sheetFooter} large />
      </div>
    </div>
  );
}
