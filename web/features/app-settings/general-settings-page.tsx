import { useRef, useState, type FormEvent } from 'react';
import { Alert, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconAt, IconLanguage, IconLink, IconWorldWww } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { RouterResult } from '../../../contracts/router';
import type { App } from '../../../contracts/apps';
import { ApiError } from '../../api/api-error';
import { appCan, currentAppQueryPrefix, useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { useIssueText } from '../../components/form-issues';
import { SaveBar } from '../../components/save-bar';
import { isLanguage, languageNames, supportedLanguages } from '../../i18n/languages';
import { AccountSection, TimezoneSelect } from '../account';
import { switchClassNames } from '../app-profile';
import { appSettingsApi } from './app-settings-api';
import { BrandingSection } from './branding-section';
import { DesignSection } from './design-section';
import {
  generalChangesOf,
  generalIssuesOf,
  generalServerIssuesOf,
  generalValuesOf,
  type GeneralIssues,
  type GeneralValues,
} from './general-values';
import { SettingsPageHeader } from './settings-page-header';
import { settingsPaths } from './settings-sections';
import classes from './app-settings.module.css';

/** The app answer every screen shares is replaced by the saved one; a new slug moves the address. */
function useKeepApp() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (previous: App, updated: App) => {
    queryClient.setQueriesData<RouterResult>({ queryKey: currentAppQueryPrefix(previous.slug) }, (answer) =>
      answer ? { ...answer, app: { ...updated, permissions: answer.app.permissions } } : answer,
    );
    if (updated.slug !== previous.slug) {
      void navigate(settingsPaths(updated.slug).general, { replace: true });
    }
  };
}

/** Spec §3 "App settings" (settings/general, ROUTE-105): `PATCH /apps/{appId}` with only what changed. */
export function GeneralSettingsPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  return (
    <>
      <SettingsPageHeader title={t('appSettings.general.title')} lead={t('appSettings.general.lead')} />
      {/* A new answer of the server (or another app) starts the form again. */}
      <GeneralSettingsForm key={`${app.id}:${app.slug}:${app.name}`} app={app} />
    </>
  );
}

function GeneralSettingsForm({ app }: { app: App }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const issueText = useIssueText();
  const keepApp = useKeepApp();
  const canDesign = appCan(app, 'settings_theme') && !app.masqueradeProfileId;
  // The pictures save at once; they are read from the shell's answer, which each save replaces.
  const current = useCurrentApp();
  const [saved, setSaved] = useState(app);
  const [values, setValues] = useState<GeneralValues>(() => generalValuesOf(app));
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<GeneralIssues>({});
  const formRef = useRef<HTMLFormElement>(null);

  /** The first field with a problem comes into view, ready to be corrected. */
  const showFirstIssue = () =>
    requestAnimationFrame(() => {
      const field = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
      field?.scrollIntoView({ block: 'center', behavior: 'smooth' });
      field?.focus({ preventScroll: true });
    });

  const changes = generalChangesOf(saved, values, canDesign);
  const dirty = Object.keys(changes).length > 0;
  const issues = submitted ? generalIssuesOf(changes) : {};
  const issueOf = (field: keyof GeneralValues) => issueText(issues[field] ?? serverIssues[field]);

  const set = <K extends keyof GeneralValues>(field: K, value: GeneralValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerIssues(({ [field]: _, ...rest }) => rest);
  };

  const save = useMutation({
    mutationFn: () => appSettingsApi.update(app.id, changes),
    // Field errors show at their fields; anything else is announced.
    meta: { silent: true },
    onSuccess: (updated) => {
      setSubmitted(false);
      setSaved(updated);
      setValues(generalValuesOf(updated));
      keepApp(saved, updated);
      notifications.show({ color: 'teal', message: t('appSettings.general.saved') });
    },
    onError: (error) => {
      if (error instanceof ApiError && error.code === 'SLUG_TAKEN') {
        setServerIssues({ slug: { key: 'appSettings.general.slugTaken' } });
        showFirstIssue();
      } else if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        setServerIssues(generalServerIssuesOf(error.errors));
        showFirstIssue();
      } else {
        notifications.show({
          color: 'red',
          message: t(error instanceof ApiError ? error.message : 'errors.generic'),
        });
      }
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setServerIssues({});
    if (dirty && Object.keys(generalIssuesOf(changes)).length === 0) {
      save.mutate();
    } else {
      showFirstIssue();
    }
  };

  const discard = () => {
    setValues(generalValuesOf(saved));
    setSubmitted(false);
    setServerIssues({});
  };

  const cols = isMobile ? 1 : 2;
  const slugChanged = values.slug.trim().toLowerCase() !== saved.slug;

  return (
    <form
      ref={formRef}
      onSubmit={handleSubmit}
      noValidate
      className={classes.form}
      data-testid="general-settings-form"
    >
      <AccountSection
        title={t('appSettings.general.identity.title')}
        text={t('appSettings.general.identity.text')}
        testId="settings-identity"
      >
        <Stack gap="lg">
          <TextInput
            label={t('appSettings.general.name')}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={issueOf('name')}
            required
            data-testid="app-name-input"
          />
          <Stack gap={8}>
            <TextInput
              label={t('appSettings.general.slug')}
              description={t('appSettings.general.slugHint')}
              leftSection={<IconLink size={18} stroke={1.6} />}
              value={values.slug}
              onChange={(event) => set('slug', event.currentTarget.value)}
              error={issueOf('slug')}
              autoCapitalize="none"
              spellCheck={false}
              required
              data-testid="app-slug-input"
            />
            <span className={classes.slugPreview} data-testid="slug-preview">
              {`${saved.publicDomain}/${values.slug.trim().toLowerCase() || '…'}`}
            </span>
            {slugChanged ? (
              <Alert
                color="orange"
                variant="light"
                icon={<IconAlertTriangle size={18} stroke={1.7} />}
                title={t('appSettings.general.slugWarningTitle')}
                data-testid="slug-warning"
              >
                {t('appSettings.general.slugWarning', { old: `${saved.publicDomain}/${saved.slug}` })}
              </Alert>
            ) : null}
          </Stack>
        </Stack>
      </AccountSection>

      <AccountSection
        title={t('appSettings.general.region.title')}
        text={t('appSettings.general.region.text')}
        testId="settings-region"
      >
        <SimpleGrid cols={cols} spacing="md">
          <Select
            label={t('appSettings.general.language')}
            leftSection={<IconLanguage size={18} stroke={1.6} />}
            data={supportedLanguages.map((code) => ({ value: code, label: languageNames[code] }))}
            value={values.language}
            onChange={(value) => {
              if (isLanguage(value)) {
                set('language', value);
              }
            }}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
            error={issueOf('language')}
            data-testid="app-language"
          />
          <TimezoneSelect
            size="sm"
            value={values.timezone}
            onChange={(value) => set('timezone', value)}
            error={issueOf('timezone')}
          />
        </SimpleGrid>
      </AccountSection>

      <AccountSection
        title={t('appSettings.general.contact.title')}
        text={t('appSettings.general.contact.text')}
        testId="settings-contact"
      >
        <Stack gap="lg">
          <SimpleGrid cols={cols} spacing="md">
            <TextInput
              label={t('appSettings.general.replyToEmail')}
              description={t('appSettings.general.replyToEmailHint')}
              placeholder="support@beispiel.de"
              type="email"
              leftSection={<IconAt size={18} stroke={1.6} />}
              value={values.replyToEmail}
              onChange={(event) => set('replyToEmail', event.currentTarget.value)}
              error={issueOf('replyToEmail')}
              data-testid="app-reply-to"
            />
            <TextInput
              label={t('appSettings.general.supportUrl')}
              description={t('appSettings.general.supportUrlHint')}
              placeholder="https://beispiel.de/hilfe"
              type="url"
              leftSection={<IconWorldWww size={18} stroke={1.6} />}
              value={values.supportUrl}
              onChange={(event) => set('supportUrl', event.currentTarget.value)}
              error={issueOf('supportUrl')}
              data-testid="app-support-url"
            />
          </SimpleGrid>
          <Switch
            size="md"
            labelPosition="left"
            classNames={switchClassNames}
            label={t('appSettings.general.phoneRequired')}
            description={t('appSettings.general.phoneRequiredHint')}
            checked={values.isPhoneRequired}
            onChange={(event) => set('isPhoneRequired', event.currentTarget.checked)}
            data-testid="app-phone-required"
          />
        </Stack>
      </AccountSection>

      <BrandingSection app={current} onSaved={(updated) => keepApp(current, updated)} />

      {canDesign ? (
        <DesignSection
          layout={values.desktopMenuLayout}
          color={values.primaryColor}
          colorError={issueOf('primaryColor')}
          onLayout={(layout) => set('desktopMenuLayout', layout)}
          onColor={(color) => set('primaryColor', color)}
        />
      ) : null}

      <SaveBar dirty={dirty} saving={save.isPending} onDiscard={discard} testId="general-save-bar" />
    </form>
  );
}
