import { useState, type FormEvent } from 'react';
import { ActionIcon, Alert, Modal, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCheck, IconFolderPlus, IconX } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { cloudLimits, type CloudEntity } from '../../../contracts/cloud';
import { errorTextKey } from '../../api/notify-error';
import { useIssueText } from '../../components/form-issues';
import type { ValidationIssue } from '../../../contracts/validation';
import { ConfirmActions } from '../../components/confirm-actions';
import { cloudKeys } from './cloud-api';
import { createFolder } from './cloud-changes';
import { useCloudScope } from './cloud-scope';
import { dialogZIndex } from './media-preview';
import { SuggestionButton } from './rename-dialog';
import { useNameChecks } from './use-name-checks';
import classes from './library-dialogs.module.css';

type CreateFolderDialogProps = {
  opened: boolean;
  /** A folder of My files, or null for My files itself. */
  parentId: string | null;
  onClose: () => void;
  onCreated: (folder: CloudEntity) => void;
};

/** Spec §2 "create-folder dialog"; §5 "The new folder name is required". */
export function CreateFolderDialog({ opened, parentId, onClose, onCreated }: CreateFolderDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('cloudDialogs.createFolder.title')}
      centered
      zIndex={dialogZIndex}
      attributes={{ content: { 'data-testid': 'create-folder-dialog' } }}
    >
      {/* The content unmounts when the dialog has closed: each opening starts with an empty name. */}
      <CreateFolderForm parentId={parentId} onClose={onClose} onCreated={onCreated} />
    </Modal>
  );
}

/**
 * The name field and its checks, shared with the move dialog's "New folder". Errors the field cannot show
 * (e.g. 403 FOLDER_CREATE_FORBIDDEN: "cannot create a folder here") appear above it.
 */
export function useCreateFolderForm(parentId: string | null, onCreated: (folder: CloudEntity) => void) {
  const { t } = useTranslation();
  const scope = useCloudScope();
  const queryClient = useQueryClient();
  const issueText = useIssueText();
  const [name, setName] = useState('');
  const checks = useNameChecks(name);

  const create = useMutation({
    mutationFn: () => createFolder(scope, parentId, name.trim()),
    meta: { silent: true },
    onSuccess: async (folder) => {
      // Lists and the move dialog's tree both show the new folder.
      await queryClient.invalidateQueries({ queryKey: cloudKeys.all(scope) });
      onCreated(folder);
    },
    onError: (error) => void checks.takeError(error),
  });

  const nameIssue: ValidationIssue | null = checks.issue;
  return {
    name,
    setName,
    pending: create.isPending,
    nameError:
      nameIssue?.key === 'validation.required'
        ? t('cloudDialogs.createFolder.nameRequired')
        : issueText(nameIssue ?? undefined),
    /** A free name the server offered for a taken one. */
    suggestion: checks.suggestion,
    formError: create.error && !nameIssue ? t(errorTextKey(create.error)) : null,
    submit: () => {
      if (checks.check()) {
        create.mutate();
      }
    },
  };
}

function CreateFolderForm({ parentId, onClose, onCreated }: Omit<CreateFolderDialogProps, 'opened'>) {
  const { t } = useTranslation();
  const form = useCreateFolderForm(parentId, (folder) => {
    notifications.show({
      color: 'teal',
      message: t('cloudDialogs.createFolder.done', { name: folder.name }),
    });
    onCreated(folder);
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    form.submit();
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {form.formError ? (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertTriangle size={18} stroke={1.7} />}
            data-testid="create-folder-error"
          >
            {form.formError}
          </Alert>
        ) : null}
        <TextInput
          label={t('cloudDialogs.createFolder.name')}
          placeholder={t('cloudDialogs.createFolder.placeholder')}
          value={form.name}
          maxLength={cloudLimits.name}
          onChange={(event) => form.setName(event.currentTarget.value)}
          error={form.nameError}
          data-autofocus
          data-testid="create-folder-name"
        />
        {form.suggestion ? (
          <SuggestionButton
            suggestion={form.suggestion}
            onUse={form.setName}
            testId="create-folder-suggestion"
          />
        ) : null}
        <ConfirmActions
          tone="primary"
          onCancel={onClose}
          confirmLabel={t('cloudDialogs.createFolder.submit')}
          confirmIcon={<IconFolderPlus size={17} stroke={1.7} />}
          loading={form.pending}
          testId="create-folder-submit"
        />
      </Stack>
    </form>
  );
}

/** The move dialog's "New folder": a row inside the shown folder; the chooser then opens the new folder. */
export function NewFolderRow({
  parentId,
  onCreated,
  onCancel,
}: {
  parentId: string;
  onCreated: (folder: CloudEntity) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const form = useCreateFolderForm(parentId, onCreated);
  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    form.submit();
  };
  return (
    <form onSubmit={handleSubmit} noValidate className={classes.newFolder} data-testid="move-new-folder-form">
      <TextInput
        className={classes.newFolderInput}
        aria-label={t('cloudDialogs.createFolder.name')}
        placeholder={t('cloudDialogs.createFolder.placeholder')}
        value={form.name}
        onChange={(event) => form.setName(event.currentTarget.value)}
        error={form.nameError ?? form.formError}
        leftSection={<IconFolderPlus size={16} stroke={1.7} />}
        autoFocus
        data-testid="move-new-folder-name"
      />
      <ActionIcon
        type="submit"
        size={36}
        loading={form.pending}
        aria-label={t('cloudDialogs.createFolder.submit')}
      >
        <IconCheck size={18} stroke={1.8} />
      </ActionIcon>
      <ActionIcon variant="default" size={36} onClick={onCancel} aria-label={t('common.cancel')}>
        <IconX size={18} stroke={1.8} />
      </ActionIcon>
    </form>
  );
}
