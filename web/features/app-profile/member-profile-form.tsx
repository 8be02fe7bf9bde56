import { useState, type FormEvent } from 'react';
import {
  Avatar,
  Badge,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
  useMantineColorScheme,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconLanguage, IconMapPin, IconPhone } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { profileLimits, updateProfileBodySchema, type Profile } from '../../../contracts/profile';
import type { ValidationIssue } from '../../../contracts/validation';
import { ApiError } from '../../api/api-error';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { useIssueText } from '../../components/form-issues';
import { currentLanguage, setLanguage } from '../../i18n/i18n';
import { isLanguage, languageNames, supportedLanguages } from '../../i18n/languages';
import { AccountSection, TimezoneSelect, accountClasses } from '../account';
import { fullNameOf, initialsOf, useAccount } from '../../kernel/session/account-store';
import { customFieldsQuery } from '../custom-fields';
import { appProfileApi } from './app-profile-api';
import { CustomFieldsSection, customFieldIssue } from './custom-field-inputs';
import { changesOf, valuesOf, type ProfileValues } from './profile-changes';

import classes from './app-profile.module.css';
import { SaveBar } from '../../components/save-bar';
import { PrivacySection, SocialLinksSection, switchClassNames } from './profile-link-sections';

type Issues = Partial<Record<string, ValidationIssue>>;

/** The contract's rules over the changes, keyed by the whole path (`social.website`), first issue each. */
function issuesOf(schema: z.ZodType, value: unknown): Issues {
  const result = schema.safeParse(value);
  const issues: Issues = {};
  for (const issue of result.success ? [] : result.error.issues) {
    const field = issue.path.map(String).join('.');
    issues[field] ??=
      issue.code === 'custom' && issue.params
        ? { key: issue.message, params: issue.params }
        : { key: issue.message };
  }
  return issues;
}

type MemberProfileFormProps = {
  profile: Profile;
  /** The server's answer after saving. */
  onSaved: (profile: Profile) => void;
};

/** Spec §3 "Member profile": PATCH /apps/{appId}/profile with only what changed. */
export function MemberProfileForm({ profile, onSaved }: MemberProfileFormProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const account = useAccount();
  const isMobile = useIsMobile();
  const issueText = useIssueText();
  const { setColorScheme } = useMantineColorScheme();
  const [values, setValues] = useState<ProfileValues>(() => valuesOf(profile));
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<Issues>({});

  // Without the fields' definitions the form still edits the rest; the server keeps the rules either way.
  const fields = useQuery({ ...customFieldsQuery(app.id), meta: { silent: true } }).data ?? [];
  const changes = changesOf(profile, values);
  const dirty = Object.keys(changes).length > 0;
  const validate = () => {
    const found = issuesOf(updateProfileBodySchema, changesOf(profile, values));
    for (const field of fields) {
      const issue = customFieldIssue(field, values.customFields[field.id]);
      if (issue) {
        found[`customFields.${field.id}`] = issue;
      }
    }
    return found;
  };
  const issues = submitted ? validate() : {};
  const issueOf = (field: string) => issueText(issues[field] ?? serverIssues[field]);

  const set = <K extends keyof ProfileValues>(field: K, value: ProfileValues[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const save = useMutation({
    // Field errors show at their fields; anything else is announced.
    meta: { inlineFieldErrors: true },
    mutationFn: () => appProfileApi.update(app.id, changes),
    onSuccess: (updated) => {
      setSubmitted(false);
      if (changes.darkMode !== undefined) {
        setColorScheme(updated.darkMode ? 'dark' : 'light');
      }
      const language = updated.language ?? account?.language;
      if (changes.language !== undefined && language && language !== currentLanguage()) {
        void setLanguage(language);
      }
      onSaved(updated);
      notifications.show({ color: 'teal', message: t('appProfile.save.done') });
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setServerIssues(
          Object.fromEntries(Object.entries(error.errors).map(([field, key]) => [field, { key }])),
        );
      }
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setServerIssues({});
    const form = event.currentTarget;
    if (dirty && Object.keys(validate()).length === 0) {
      save.mutate();
    } else {
      // The first field with a problem comes into view, ready to be corrected.
      requestAnimationFrame(() => {
        const field = form.querySelector<HTMLElement>('[aria-invalid="true"]');
        field?.scrollIntoView({ block: 'center', behavior: 'smooth' });
        field?.focus({ preventScroll: true });
      });
    }
  };

  const discard = () => {
    setValues(valuesOf(profile));
    setSubmitted(false);
    setServerIssues({});
  };

  const cols = isMobile ? 1 : 2;
  const person = { firstName: values.firstName, lastName: values.lastName, email: profile.email };
  const role = profile.isOwner ? 'owner' : profile.type;
  const accountLanguage = account ? languageNames[account.language] : '';

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="member-profile-form" className={classes.form}>
      <AccountSection
        title={t('appProfile.personal.title')}
        text={t('appProfile.personal.text')}
        testId="member-personal"
      >
        <Stack gap="lg">
          <div className={accountClasses.identity}>
            <Avatar color="brand" variant="filled" size={56} src={profile.avatarUrl}>
              {initialsOf(person)}
            </Avatar>
            <div className={classes.identityText}>
              <div className={accountClasses.identityName}>{fullNameOf(person)}</div>
              <div className={accountClasses.identityEmail}>{profile.email}</div>
            </div>
            <Badge variant="light" radius="sm" className={classes.role}>
              {t(`appProfile.roles.${role}`)}
            </Badge>
          </div>
          <SimpleGrid cols={cols} spacing="md">
            <TextInput
              label={t('auth.signup.firstName')}
              autoComplete="given-name"
              value={values.firstName}
              onChange={(event) => set('firstName', event.currentTarget.value)}
              error={issueOf('firstName')}
            />
            <TextInput
              label={t('auth.signup.lastName')}
              autoComplete="family-name"
              value={values.lastName}
              onChange={(event) => set('lastName', event.currentTarget.value)}
              error={issueOf('lastName')}
            />
          </SimpleGrid>
          <Textarea
            label={t('appProfile.personal.bio')}
            placeholder={t('appProfile.personal.bioPlaceholder')}
            autosize
            minRows={3}
            maxRows={8}
            value={values.bio}
            onChange={(event) => set('bio', event.currentTarget.value)}
            description={`${values.bio.length} / ${profileLimits.bio}`}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            error={issueOf('bio')}
            classNames={{ description: classes.counter }}
          />
          <SimpleGrid cols={cols} spacing="md">
            <TextInput
              label={t('appProfile.personal.location')}
              placeholder={t('appProfile.personal.locationPlaceholder')}
              leftSection={<IconMapPin size={18} stroke={1.6} />}
              autoComplete="address-level2"
              value={values.location}
              onChange={(event) => set('location', event.currentTarget.value)}
              error={issueOf('location')}
            />
            <TextInput
              label={t('appProfile.personal.phone')}
              placeholder={t('appProfile.personal.phonePlaceholder')}
              leftSection={<IconPhone size={18} stroke={1.6} />}
              type="tel"
              autoComplete="tel"
              value={values.phone}
              onChange={(event) => set('phone', event.currentTarget.value)}
              error={issueOf('phone')}
            />
          </SimpleGrid>
        </Stack>
      </AccountSection>

      <CustomFieldsSection
        fields={fields}
        values={values.customFields}
        issueOf={(id) => issueOf(`customFields.${id}`)}
        onChange={(id, value) => {
          setValues((current) => ({ ...current, customFields: { ...current.customFields, [id]: value } }));
          setServerIssues(({ [`customFields.${id}`]: _, ...rest }) => rest);
        }}
      />

      <SocialLinksSection
        values={values.social}
        cols={cols}
        issueOf={issueOf}
        onChange={(key, value) =>
          setValues((current) => ({ ...current, social: { ...current.social, [key]: value } }))
        }
      />
      <PrivacySection
        values={values.privacy}
        onChange={(key, checked) =>
          setValues((current) => ({ ...current, privacy: { ...current.privacy, [key]: checked } }))
        }
      />

      <AccountSection
        title={t('appProfile.preferences.title')}
        text={t('appProfile.preferences.text')}
        testId="member-preferences"
      >
        <Stack gap="lg">
          <div className={classes.switchList}>
            <Switch
              size="md"
              labelPosition="left"
              classNames={switchClassNames}
              label={t('appProfile.preferences.darkMode')}
              description={t('appProfile.preferences.darkModeHint')}
              checked={values.darkMode}
              onChange={(event) => set('darkMode', event.currentTarget.checked)}
            />
          </div>
          <SimpleGrid cols={cols} spacing="md">
            <Select
              label={t('common.language')}
              leftSection={<IconLanguage size={18} stroke={1.6} />}
              data={[
                {
                  value: 'account',
                  label: t('appProfile.preferences.languageDefault', { language: accountLanguage }),
                },
                ...supportedLanguages.map((code) => ({ value: code, label: languageNames[code] })),
              ]}
              value={values.language ?? 'account'}
              onChange={(value) => set('language', isLanguage(value) ? value : null)}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
              data-testid="member-language"
            />
            <TimezoneSelect
              size="sm"
              value={values.timezone}
              onChange={(value) => set('timezone', value)}
              clearable
              placeholder={t('appProfile.preferences.timezoneDefault', {
                timezone: account?.timezone ?? '',
              })}
              error={issueOf('timezone')}
            />
          </SimpleGrid>
        </Stack>
      </AccountSection>

      <SaveBar dirty={dirty} saving={save.isPending} onDiscard={discard} testId="member-save-bar" />
    </form>
  );
}
