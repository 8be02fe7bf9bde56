import { useState, type FormEvent } from 'react';
import { Alert, Input, Modal, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconApps, IconLink } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorCodes } from '../../../contracts/errors';
import { slugify } from '../../../contracts/slug';
import { appCreateBodySchema } from '../../../contracts/apps';
import { ApiError } from '../../api/api-error';
import { useClientConfig } from '../../kernel/client-config';
import {
  fieldIssues,
  hasIssues,
  serverFieldIssues,
  useIssueText,
  type FieldIssues,
} from '../../components/form-issues';
import { currentLanguage } from '../../i18n/i18n';
import { isLanguage, languageNames, supportedLanguages, type Language } from '../../i18n/languages';
import { ConfirmActions } from '../../components/confirm-actions';
import { failureText, isQuotaError } from './quota';
import { projectsApi, refreshWorkspace } from './projects-api';
import { appAddress } from './projects-paths';
import classes from './projects.module.css';

type CreateAppDialogProps = { projectId: string; opened: boolean; onClose: () => void };

/** "App erstellen": name, an optional address (derived from the name when empty) and the app's language. */
export function CreateAppDialog({ projectId, opened, onClose }: CreateAppDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal opened={opened} onClose={onClose} title={t('workspace.apps.create.title')} centered size="lg">
      {/* A fresh form each time the dialog opens. */}
      {opened ? <CreateAppForm projectId={projectId} onClose={onClose} /> : null}
    </Modal>
  );
}

function CreateAppForm({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const config = useClientConfig();
  const queryClient = useQueryClient();
  const issueText = useIssueText();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [language, setLanguage] = useState<Language>(currentLanguage());
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});

  // A server's verdict on a field is about the value it saw: typing (or clearing) replaces it.
  const forget = (field: string) =>
    setServerIssues((current) => {
      if (!(field in current)) {
        return current;
      }
      const { [field]: _dropped, ...rest } = current;
      return rest;
    });

  const body = { name: name.trim(), slug: slug.trim() === '' ? undefined : slug.trim(), language };
  const validate = () => fieldIssues(appCreateBodySchema, body);
  const issues = submitted ? validate() : {};
  const previewSlug = slug.trim() === '' ? slugify(name) : slug.trim().toLowerCase();
  const publicDomain = config?.publicDomain ?? window.location.host;

  const create = useMutation({
    mutationFn: () => projectsApi.createApp(projectId, body),
    // Quota and slug conflicts are shown in the form, next to what caused them.
    meta: { silent: true },
    onSuccess: async (app) => {
      notifications.show({ color: 'teal', message: t('workspace.apps.create.done', { name: app.name }) });
      await refreshWorkspace(queryClient, projectId);
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setServerIssues(
          error.code === errorCodes.slugTaken
            ? { slug: { key: 'errors.SLUG_TAKEN' } }
            : serverFieldIssues(error.errors),
        );
      }
    },
  });

  // What the fields cannot show (a quota, a network failure) is said above the form.
  const formError = create.error && !hasIssues(serverIssues) ? failureText(t, create.error) : null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setServerIssues({});
    if (!hasIssues(validate())) {
      create.mutate();
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="create-app-form">
      <Stack gap="md">
        {formError ? (
          <Alert
            color={isQuotaError(create.error) ? 'orange' : 'red'}
            variant="light"
            icon={<IconAlertTriangle size={18} stroke={1.7} />}
            data-testid="create-app-error"
          >
            {formError}
          </Alert>
        ) : null}
        <TextInput
          label={t('workspace.apps.create.name')}
          placeholder={t('workspace.apps.create.namePlaceholder')}
          value={name}
          onChange={(event) => {
            setName(event.currentTarget.value);
            forget('name');
            // Without an address of its own, the one derived from the name is what the server judged.
            if (slug.trim() === '') {
              forget('slug');
            }
          }}
          error={issueText(issues.name ?? serverIssues.name)}
          data-autofocus
          data-testid="create-app-name"
        />
        <TextInput
          label={t('workspace.apps.create.slug')}
          description={t('workspace.apps.create.slugHint')}
          placeholder={slugify(name) || t('workspace.apps.create.slugPlaceholder')}
          value={slug}
          onChange={(event) => {
            setSlug(event.currentTarget.value);
            forget('slug');
          }}
          error={issueText(issues.slug ?? serverIssues.slug)}
          leftSection={
            <Text size="sm" c="dimmed">
              /
            </Text>
          }
          data-testid="create-app-slug"
        />
        <div className={classes.slugPreview} data-testid="create-app-preview">
          <IconLink size={16} stroke={1.7} />
          <Text size="sm" span c="dimmed">
            {t('workspace.apps.create.preview')}
          </Text>
          <Text size="sm" span fw={500} className={classes.slugPreviewUrl}>
            {previewSlug ? appAddress(publicDomain, previewSlug) : `${appAddress(publicDomain, '…')}`}
          </Text>
        </div>
        <Input.Wrapper
          label={t('workspace.apps.create.language')}
          description={t('workspace.apps.create.languageHint')}
        >
          <SegmentedControl
            fullWidth
            mt={6}
            value={language}
            onChange={(value) => {
              if (isLanguage(value)) {
                setLanguage(value);
              }
            }}
            data={supportedLanguages.map((code) => ({ value: code, label: languageNames[code] }))}
            data-testid="create-app-language"
          />
        </Input.Wrapper>
        <ConfirmActions
          tone="primary"
          onCancel={onClose}
          confirmLabel={t('workspace.apps.create.submit')}
          confirmIcon={<IconApps size={17} stroke={1.7} />}
          loading={create.isPending}
          testId="create-app-submit"
        />
      </Stack>
    </form>
  );
}
