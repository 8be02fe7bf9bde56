import { useRef, useState, type FormEvent } from 'react';
import { Alert, Button, Modal, Stack, TextInput } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconSparkles } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { cloudLimits, type CloudEntity } from '../../../contracts/cloud';
import { extensionOfName, withKeptExtension } from '../../../contracts/cloud-names';
import { errorTextKey } from '../../api/notify-error';
import { useIssueText } from '../../components/form-issues';
import { ConfirmActions } from '../../components/confirm-actions';
import { cloudKeys } from './cloud-api';
import { renameItem } from './cloud-changes';
import { useCloudScope } from './cloud-scope';
import { dialogZIndex } from './media-preview';
import { useNameChecks } from './use-name-checks';
import { replaceInLists } from './use-processing-poll';

type RenameDialogProps = {
  opened: boolean;
  item: CloudEntity | null;
  onClose: () => void;
};

/** How much of a file name is selected at first: the name without its extension, so typing keeps `.pdf`. */
export function baseNameLength(name: string, isFolder: boolean): number {
  const dot = name.lastIndexOf('.');
  return isFolder || dot <= 0 ? name.length : dot;
}

/** Spec §2 "rename dialog (titles rename file and rename folder)". */
export function RenameDialog({ opened, item, onClose }: RenameDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t(item?.isFolder ? 'cloudDialogs.rename.folderTitle' : 'cloudDialogs.rename.fileTitle')}
      centered
      zIndex={dialogZIndex}
      attributes={{ content: { 'data-testid': 'rename-dialog' } }}
    >
      {/* The content unmounts when the dialog has closed: each opening starts a fresh form with the current name. */}
      {item ? <RenameForm key={item.id} item={item} onClose={onClose} /> : null}
    </Modal>
  );
}

function RenameForm({ item, onClose }: { item: CloudEntity; onClose: () => void }) {
  const { t } = useTranslation();
  const scope = useCloudScope();
  const queryClient = useQueryClient();
  const issueText = useIssueText();
  const [name, setName] = useState(item.name);
  const checks = useNameChecks(name);
  const selected = useRef(false);
  // A file renamed without an extension keeps its own (the server does the same).
  const finalName = item.isFolder ? name.trim() : withKeptExtension(name, item.name);
  const extensionHint = item.isFolder ? null : extensionNote(t, item.name, name, finalName);

  const rename = useMutation({
    mutationFn: () => renameItem(scope, item, finalName),
    // Field problems and refusals are shown in the dialog, next to the name.
    meta: { silent: true },
    onSuccess: async (renamed) => {
      replaceInLists(queryClient, scope, renamed);
      onClose();
      // The tree, breadcrumbs and sorted lists hold the old name as well.
      await queryClient.invalidateQueries({ queryKey: cloudKeys.all(scope) });
    },
    onError: (error) => void checks.takeError(error),
  });
  const formError = rename.error && !checks.issue ? t(errorTextKey(rename.error)) : null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!checks.check()) {
      return;
    }
    if (finalName === item.name) {
      onClose();
      return;
    }
    rename.mutate();
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {formError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} stroke={1.7} />}
            data-testid="rename-error"
          >
            {formError}
          </Alert>
        ) : null}
        <TextInput
          label={t(item.isFolder ? 'cloudDialogs.rename.folderName' : 'cloudDialogs.rename.fileName')}
          value={name}
          maxLength={cloudLimits.name}
          onChange={(event) => setName(event.currentTarget.value)}
          onFocus={(event) => {
            // Only the first focus selects: coming back to the field keeps the cursor where it was.
            if (!selected.current) {
              selected.current = true;
              event.currentTarget.setSelectionRange(0, baseNameLength(item.name, item.isFolder));
            }
          }}
          description={checks.issue ? undefined : extensionHint}
          error={issueText(checks.issue ?? undefined)}
          data-autofocus
          data-testid="rename-input"
        />
        {checks.suggestion ? (
          <SuggestionButton suggestion={checks.suggestion} onUse={setName} testId="rename-suggestion" />
        ) : null}
        <ConfirmActions
          tone="primary"
          onCancel={onClose}
          confirmLabel={t('cloudDialogs.rename.submit')}
          confirmIcon={<IconCheck size={17} stroke={1.8} />}
          loading={rename.isPending}
          testId="rename-submit"
        />
      </Stack>
    </form>
  );
}

/** Under a file's name: the extension stays (when none was typed), or it changes (when another was). */
function extensionNote(t: TFunction, currentName: string, typed: string, finalName: string): string | null {
  const current = extensionOfName(currentName);
  const typedExtension = extensionOfName(typed.trim());
  if (current === '' || typed.trim() === '') {
    return null;
  }
  if (typedExtension === '') {
    return t('cloudDialogs.rename.keepsExtension', { extension: current, name: finalName });
  }
  return typedExtension.toLowerCase() === current.toLowerCase()
    ? null
    : t('cloudDialogs.rename.changesExtension', { from: current, to: typedExtension });
}

/** "Use „Kurse 2026 (2)“ instead": the free name the server offered for a taken one. */
export function SuggestionButton({
  suggestion,
  onUse,
  testId,
}: {
  suggestion: string;
  onUse: (name: string) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      variant="subtle"
      size="compact-sm"
      leftSection={<IconSparkles size={15} stroke={1.7} />}
      onClick={() => onUse(suggestion)}
      data-testid={testId}
      style={{ alignSelf: 'flex-start' }}
    >
      {t('cloudDialogs.rename.useSuggestion', { name: suggestion })}
    </Button>
  );
}
