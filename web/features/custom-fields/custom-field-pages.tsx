import { Button, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconFileUnknown } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { useCurrentApp } from '../../kernel/current-app';
import { FullPageMessage } from '../../components/full-page-message';
import { SettingsPageHeader, settingsPaths } from '../app-settings';
import { CustomFieldForm } from './custom-field-form';
import { customFieldsApi, customFieldsQuery, type CustomField } from './custom-fields-api';
import { emptyFieldValues, fieldBodyOf, fieldValuesOf, type FieldValues } from './field-values';

/** After saving: the list shows the field at once and the screen goes back to it. */
function useSaved(message: string) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (field: CustomField) => {
    queryClient.setQueryData(customFieldsQuery(app.id).queryKey, (answer) => {
      if (!answer) {
        return answer;
      }
      const known = answer.data.some((item) => item.id === field.id);
      const data = known
        ? answer.data.map((item) => (item.id === field.id ? field : item))
        : [...answer.data, field];
      return { ...answer, data };
    });
    notifications.show({ color: 'teal', message: t(message, { label: field.label }) });
    void navigate(settingsPaths(app.slug).customFields);
  };
}

/** A refusal without field errors (quota, gone, forbidden) is announced; field errors show at their fields. */
const fieldErrorsOnly = { silent: true };

function announce(error: unknown, t: (key: string) => string) {
  if (!(error instanceof ApiError) || Object.keys(error.errors).length === 0) {
    notifications.show({
      color: 'red',
      message: t(error instanceof ApiError ? error.message : 'errors.generic'),
    });
  }
}

/** settings/custom-fields/create (ROUTE-89). */
export function CustomFieldCreatePage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const saved = useSaved('appSettings.customFields.created');
  const create = useMutation({
    mutationFn: (values: FieldValues) => customFieldsApi.create(app.id, fieldBodyOf(values)),
    meta: fieldErrorsOnly,
    onSuccess: saved,
    onError: (error) => announce(error, t),
  });
  const listPath = settingsPaths(app.slug).customFields;
  return (
    <>
      <SettingsPageHeader
        title={t('appSettings.customFields.createTitle')}
        lead={t('appSettings.customFields.createLead')}
        back={{ to: listPath, label: t('appSettings.customFields.title') }}
      />
      <CustomFieldForm
        initial={emptyFieldValues}
        cancelPath={listPath}
        submitLabel={t('appSettings.customFields.form.create')}
        saving={create.isPending}
        error={create.error}
        onSubmit={(values) => create.mutate(values)}
      />
    </>
  );
}

/** settings/custom-fields/{customFieldId}/edit (ROUTE-90; GAPS 31: the spec's `inviteLinkId` is the field id). */
export function CustomFieldEditPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const { customFieldId = '' } = useParams();
  const query = useQuery(customFieldsQuery(app.id));
  const saved = useSaved('appSettings.customFields.updated');
  const update = useMutation({
    mutationFn: (values: FieldValues) => customFieldsApi.update(customFieldId, fieldBodyOf(values)),
    meta: fieldErrorsOnly,
    onSuccess: saved,
    onError: (error) => announce(error, t),
  });
  const listPath = settingsPaths(app.slug).customFields;
  const field = query.data?.find((item) => item.id === customFieldId);
  const back = { to: listPath, label: t('appSettings.customFields.title') };

  if (query.isPending) {
    return (
      <Stack gap="md">
        <Skeleton height={56} radius="lg" />
        <Skeleton height={280} radius="lg" />
      </Stack>
    );
  }
  if (!field || !field.permissions.can.includes('edit')) {
    return (
      <FullPageMessage
        data-testid="custom-field-missing"
        icon={<IconFileUnknown size={32} stroke={1.6} />}
        title={t('appSettings.customFields.missingTitle')}
        text={t('appSettings.customFields.missingText')}
        actions={
          <Button
            component={Link}
            to={listPath}
            size="md"
            leftSection={<IconArrowLeft size={18} stroke={1.8} />}
          >
            {t('appSettings.customFields.backToList')}
          </Button>
        }
      />
    );
  }
  return (
    <>
      <SettingsPageHeader
        title={t('appSettings.customFields.editTitle', { label: field.label })}
        back={back}
      />
      <CustomFieldForm
        key={field.id}
        initial={fieldValuesOf(field)}
        cancelPath={listPath}
        submitLabel={t('appSettings.customFields.form.save')}
        saving={update.isPending}
        error={update.error}
        onSubmit={(values) => update.mutate(values)}
      />
    </>
  );
}
