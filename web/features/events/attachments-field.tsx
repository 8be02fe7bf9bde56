import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Button, Text } from '@mantine/core';
import { IconFile, IconPaperclip, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { eventLimits } from '../../../contracts/events';
import { loadChunk } from '../../kernel/chunk';
import { useCurrentApp } from '../../kernel/current-app';
import type { Attachment } from './event-form';
import classes from './event-editor.module.css';

const CloudPicker = lazy(async () => ({ default: (await loadChunk(() => import('../cloud'))).CloudPicker }));

type AttachmentsFieldProps = {
  value: Attachment[];
  onChange: (files: Attachment[]) => void;
  error?: string | null;
};

/** Files of the cloud library attached to the event (spec §3 `attachments`), several picked at once, in order. */
export function AttachmentsField({ value, onChange, error }: AttachmentsFieldProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const [picking, setPicking] = useState(false);
  const full = value.length >= eventLimits.attachments;

  const add = (picked: Attachment[]) => {
    const known = new Set(value.map((file) => file.id));
    const added = picked.filter((file) => !known.has(file.id) && known.add(file.id));
    onChange([...value, ...added].slice(0, eventLimits.attachments));
  };

  return (
    <div data-testid="event-editor-attachments">
      <Text size="sm" fw={500}>
        {t('eventEditor.attachments.label')}
      </Text>
      {value.length > 0 ? (
        <ul className={classes.files} aria-label={t('eventEditor.attachments.label')}>
          {value.map((file) => (
            <li key={file.id} className={classes.file}>
              <IconFile size={18} stroke={1.6} aria-hidden />
              <Text size="sm" className={classes.fileName}>
                {file.name}
              </Text>
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={t('eventEditor.attachments.remove', { name: file.name })}
                onClick={() => onChange(value.filter((item) => item.id !== file.id))}
              >
                <IconX size={16} stroke={1.8} />
              </ActionIcon>
            </li>
          ))}
        </ul>
      ) : null}
      <Button
        mt={8}
        variant="light"
        size="xs"
        leftSection={<IconPaperclip size={15} stroke={1.8} />}
        onClick={() => setPicking(true)}
        disabled={full}
        data-testid="event-editor-attachments-pick"
      >
        {t('eventEditor.attachments.add')}
      </Button>
      <Text size="xs" c={error ? 'red' : 'dimmed'} mt={4} role={error ? 'alert' : undefined}>
        {error ?? t('eventEditor.attachments.hint', { max: eventLimits.attachments })}
      </Text>
      {picking ? (
        <Suspense fallback={null}>
          <CloudPicker
            opened
            onClose={() => setPicking(false)}
            scope={{ projectId: app.projectId, appId: app.id, basePath: null }}
            selectionMode="multiple"
            onApply={(files) => {
              add(files.map(({ id, name }) => ({ id, name })));
              setPicking(false);
            }}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
