import { useState } from 'react';
import { Button, Checkbox, Group, Modal, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCopy, IconFiles, IconPlayerSkipForward, IconReplace } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import type { NameConflict } from '../../../contracts/cloud';
import { useIsMobile } from '../../kernel/ui-store';
import { dialogZIndex } from './media-preview';
import {
  withChoice,
  type ConflictChoice,
  type ConflictChoices,
  type ConflictPrompt,
} from './upload-conflicts';
import classes from './library-dialogs.module.css';

/**
 * "This folder already holds …": one question per file whose name is taken — replace, keep both or skip —
 * with "apply to all" when more follow (like Nextcloud and desktop file managers). Closing keeps the answers
 * given and skips the rest.
 */
export function UploadConflictDialog({ prompt }: { prompt: ConflictPrompt }) {
  const pending = useStore(prompt, (state) => state.pending);
  const conflicts = pending?.conflicts ?? [];
  // A new batch starts a fresh set of answers.
  return (
    <ConflictQuestions
      key={conflicts.map((conflict) => conflict.name).join('/')}
      conflicts={conflicts}
      onDone={(choices) => prompt.getState().answer(choices)}
    />
  );
}

function ConflictQuestions({
  conflicts,
  onDone,
}: {
  conflicts: readonly NameConflict[];
  onDone: (choices: ConflictChoices) => void;
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [choices, setChoices] = useState<ConflictChoices>(new Map());
  const [forAll, setForAll] = useState(false);
  const index = choices.size;
  const conflict = conflicts[index];
  const remaining = conflicts.length - index - 1;
  const choose = (choice: ConflictChoice, all = forAll) => {
    const next = withChoice(choices, conflicts, index, choice, all);
    if (next.size >= conflicts.length) {
      onDone(next);
    } else {
      setChoices(next);
    }
  };

  return (
    <Modal
      opened={conflict !== undefined}
      onClose={() => choose('skip', true)}
      title={t('cloudUpload.conflict.title')}
      size={540}
      centered
      zIndex={dialogZIndex}
      attributes={{ content: { 'data-testid': 'upload-conflict-dialog' } }}
    >
      {conflict ? (
        <ConflictQuestion
          conflict={conflict}
          index={index}
          total={conflicts.length}
          remaining={remaining}
          forAll={forAll}
          onForAllChange={setForAll}
          onChoose={(choice) => choose(choice)}
          isMobile={isMobile}
        />
      ) : null}
    </Modal>
  );
}

function ConflictQuestion({
  conflict,
  index,
  total,
  remaining,
  forAll,
  onForAllChange,
  onChoose,
  isMobile,
}: {
  conflict: NameConflict;
  index: number;
  total: number;
  remaining: number;
  forAll: boolean;
  onForAllChange: (value: boolean) => void;
  onChoose: (choice: ConflictChoice) => void;
  isMobile: boolean;
}) {
  const { t } = useTranslation();
  const isFolder = conflict.kind === 'folder';

  return (
    <Stack gap="md" data-testid="upload-conflict">
      <Group gap="md" align="flex-start" wrap="nowrap">
        <ThemeIcon variant="light" size={44} radius="xl" className={classes.attentionIcon}>
          <IconFiles size={22} stroke={1.7} />
        </ThemeIcon>
        <Stack gap={6}>
          {total > 1 ? (
            <Text size="xs" c="dimmed" fw={600} data-testid="upload-conflict-counter">
              {t('cloudUpload.conflict.counter', { current: index + 1, total })}
            </Text>
          ) : null}
          <Text size="sm" data-testid="upload-conflict-text">
            {t(isFolder ? 'cloudUpload.conflict.folderText' : 'cloudUpload.conflict.fileText', {
              name: conflict.existing,
            })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('cloudUpload.conflict.keepBothHint', { name: conflict.suggestion })}
          </Text>
        </Stack>
      </Group>
      {remaining > 0 ? (
        <Checkbox
          checked={forAll}
          onChange={(event) => onForAllChange(event.currentTarget.checked)}
          label={t('cloudUpload.conflict.forAll', { count: remaining })}
          data-testid="upload-conflict-all"
        />
      ) : null}
      <Group justify="flex-end" gap="sm" style={isMobile ? { flexDirection: 'column-reverse' } : undefined}>
        <Button
          variant="default"
          fullWidth={isMobile}
          leftSection={<IconPlayerSkipForward size={17} stroke={1.8} />}
          onClick={() => onChoose('skip')}
          data-testid="upload-conflict-skip"
        >
          {t('cloudUpload.conflict.skip')}
        </Button>
        <Button
          variant="light"
          fullWidth={isMobile}
          leftSection={<IconCopy size={17} stroke={1.8} />}
          onClick={() => onChoose('keep-both')}
          data-autofocus
          data-testid="upload-conflict-keep-both"
        >
          {t('cloudUpload.conflict.keepBoth')}
        </Button>
        {isFolder ? null : (
          <Button
            fullWidth={isMobile}
            leftSection={<IconReplace size={17} stroke={1.8} />}
            onClick={() => onChoose('replace')}
            data-testid="upload-conflict-replace"
          >
            {t('cloudUpload.conflict.replace')}
          </Button>
        )}
      </Group>
      {isFolder ? null : (
        <Text size="xs" c="dimmed">
          {t('cloudUpload.conflict.replaceHint')}
        </Text>
      )}
    </Stack>
  );
}
