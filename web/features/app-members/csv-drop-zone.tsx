import { useRef, useState, type DragEvent } from 'react';
import { Button, Text, UnstyledButton } from '@mantine/core';
import { IconFileSpreadsheet, IconUpload } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { memberLimits } from '../../../contracts/members';
import classes from './app-members.module.css';

/** Drop a file here or pick one; only the first file of a drop is taken. */
export function CsvDropZone({ onFile, busy }: { onFile: (file: File) => void; busy: boolean }) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const handleDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setOver(false);
    const file = event.dataTransfer.files[0];
    if (file) {
      onFile(file);
    }
  };

  return (
    <UnstyledButton
      component="div"
      role="button"
      tabIndex={0}
      className={classes.dropZone}
      data-over={over || undefined}
      aria-busy={busy}
      onClick={() => input.current?.click()}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') {
          event.preventDefault();
          input.current?.click();
        }
      }}
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={handleDrop}
      data-testid="csv-drop-zone"
    >
      <span className={classes.dropIcon} aria-hidden="true">
        <IconFileSpreadsheet size={30} stroke={1.5} />
      </span>
      <Text fw={600}>{t('members.import.dropTitle')}</Text>
      <Text size="sm" c="dimmed">
        {t('members.import.dropText', { max: Math.round(memberLimits.importCsvBytes / 1024 / 1024) })}
      </Text>
      <Button
        variant="light"
        mt="xs"
        leftSection={<IconUpload size={17} />}
        loading={busy}
        onClick={(event) => {
          event.stopPropagation();
          input.current?.click();
        }}
        tabIndex={-1}
      >
        {t('members.import.choose')}
      </Button>
      <input
        ref={input}
        type="file"
        accept=".csv,text/csv"
        hidden
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (file) {
            onFile(file);
          }
        }}
        data-testid="csv-input"
        aria-label={t('members.import.choose')}
      />
    </UnstyledButton>
  );
}
