import { Button } from '@mantine/core';
import { IconDeviceFloppy, IconRestore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../kernel/ui-store';
import classes from './save-bar.module.css';

type SaveBarProps = {
  dirty: boolean;
  saving: boolean;
  onDiscard: () => void;
  testId?: string;
};

/** The footer of a settings form: its state, discard while dirty, save (sticks to the window while dirty). */
export function SaveBar({ dirty, saving, onDiscard, testId }: SaveBarProps) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <div
      className={classes.saveBar}
      data-dirty={dirty || undefined}
      data-mobile={isMobile || undefined}
      data-testid={testId}
    >
      <span className={classes.saveState}>{dirty ? t('common.save.dirty') : t('common.save.clean')}</span>
      <div className={classes.saveActions}>
        {dirty ? (
          <Button
            variant="default"
            leftSection={<IconRestore size={17} stroke={1.7} />}
            onClick={onDiscard}
            disabled={saving}
          >
            {t('common.save.discard')}
          </Button>
        ) : null}
        <Button
          type="submit"
          loading={saving}
          disabled={!dirty}
          leftSection={<IconDeviceFloppy size={18} stroke={1.7} />}
        >
          {isMobile ? t('common.save.submitShort') : t('common.save.submit')}
        </Button>
      </div>
    </div>
  );
}
