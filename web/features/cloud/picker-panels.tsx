import { Button, Tabs, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { GifPanel } from './gif-panel';
import type { usePickerState } from './picker-state';
import classes from './picker.module.css';

type PickerState = ReturnType<typeof usePickerState>;

/** The picker's tab panels (cloud library, GIFs), shared by the desktop popup and the phone sheet. */
export function PickerPanels({ picker }: { picker: PickerState }) {
  const { t } = useTranslation();
  return (
    <>
      {picker.tabs.length === 0 ? (
        <Text className={classes.noSource} c="dimmed">
          {t('cloudPicker.noSource')}
        </Text>
      ) : null}
      {picker.tabs.includes('cloud') ? (
        <Tabs.Panel value="cloud" className={classes.panel}>
          {picker.cloud}
        </Tabs.Panel>
      ) : null}
      {picker.tabs.includes('gif') ? (
        <Tabs.Panel value="gif" className={classes.panel}>
          {/* Mounted once its tab was opened: the provider is not asked for GIFs nobody looks at. */}
          {picker.gifSeen ? <GifPanel onSelect={picker.handleGif} /> : null}
        </Tabs.Panel>
      ) : null}
    </>
  );
}

/** Spec §2: the footer shows only while files (not folders) are selected; "apply" returns them. */
export function PickerFooter({
  picker,
  className,
  large,
}: {
  picker: PickerState;
  className?: string;
  large?: boolean;
}) {
  const { t } = useTranslation();
  if (picker.tab !== 'cloud' || picker.files.length === 0) {
    return null;
  }
  return (
    // Not <footer>: in a portal outside main, a footer is a second contentinfo landmark.
    <div className={className} data-testid="picker-footer">
      <Text size="sm" fw={600}>
        {t('cloudPicker.footer.selected', { count: picker.files.length })}
      </Text>
      <Button
        size={large ? 'md' : 'sm'}
        radius={large ? 'xl' : undefined}
        onClick={picker.apply}
        data-testid="picker-apply"
      >
        {t('cloudPicker.footer.apply')}
      </Button>
    </div>
  );
}
