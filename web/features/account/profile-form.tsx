import { useState, type FormEvent } from 'react';
import { Avatar, Button, Input, SegmentedControl, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { updateAccountBodySchema } from '../../../contracts/account';
import type { Account } from '../../../contracts/auth';
import { ApiError } from '../../api/api-error';
import { useIsMobile } from '../../kernel/ui-store';
import {
  fieldIssues,
  hasIssues,
  serverFieldIssues,
  useIssueText,
  type FieldIssues,
} from '../../components/form-issues';
import { currentLanguage, setLanguage } from '../../i18n/i18n';
import { isLanguage, languageNames, supportedLanguages } from '../../i18n/languages';
import { fullNameOf, initialsOf } from '../../kernel/session/account-store';
import { accountApi, type AccountChanges } from './account-api';
import { AccountSection } from './account-layout';
import { TimezoneSelect } from './timezone-select';
import { useAccountUpdated } from './use-account-updates';
import classes from './account.module.css';

/** Names, language and time zone: PATCH /user with what changed. */
export function ProfileForm({ account }: { account: Account }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const issueText = useIssueText();
  const accountUpdated = useAccountUpdated();
  const [firstName, setFirstName] = useState(account.firstName);
  const [lastName, setLastName] = useState(account.lastName);
  const [language, setFormLanguage] = useState(account.language);
  const [timezone, setTimezone] = useState<string | null>(account.timezone);
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});

  const changes: AccountChanges = {
    ...(firstName.trim() !== account.firstName ? { firstName: firstName.trim() } : {}),
    ...(lastName.trim() !== account.lastName ? { lastName: lastName.trim() } : {}),
    ...(language !== account.language ? { language } : {}),
    ...(timezone && timezone !== account.timezone ? { timezone } : {}),
  };
  const dirty = Object.keys(changes).length > 0;
  const validate = () =>
    fieldIssues(updateAccountBodySchema, { firstName: firstName.trim(), lastName: lastName.trim() });
  const issues = submitted ? validate() : {};
  const issueOf = (field: string) => issueText(issues[field] ?? serverIssues[field]);

  const save = useMutation({
    // Field errors show at their fields; anything else is announced.
    meta: { inlineFieldErrors: true },
    mutationFn: () => accountApi.update(changes),
    onSuccess: (updated) => {
      accountUpdated(updated);
      setSubmitted(false);
      if (updated.language !== currentLanguage()) {
        void setLanguage(updated.language);
      }
      notifications.show({ color: 'teal', message: t('account.profile.saved') });
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setServerIssues(serverFieldIssues(error.errors));
      }
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setServerIssues({});
    if (dirty && !hasIssues(validate())) {
      save.mutate();
    }
  };

  return (
    <AccountSection
      title={t('account.profile.personalTitle')}
      text={t('account.profile.personalText')}
      testId="profile-section"
    >
      <form onSubmit={handleSubmit} noValidate data-testid="profile-form">
        <Stack gap="lg">
          <div className={classes.identity}>
            <Avatar color="brand" variant="filled" size={56}>
              {initialsOf({ firstName, lastName, email: account.email })}
            </Avatar>
            <div>
              <div className={classes.identityName}>
                {fullNameOf({ firstName, lastName, email: account.email })}
              </div>
              <div className={classes.identityEmail}>{account.email}</div>
            </div>
          </div>
          <SimpleGrid cols={isMobile ? 1 : 2} spacing="md">
            <TextInput
              label={t('auth.signup.firstName')}
              autoComplete="given-name"
              value={firstName}
              onChange={(event) => setFirstName(event.currentTarget.value)}
              error={issueOf('firstName')}
            />
            <TextInput
              label={t('auth.signup.lastName')}
              autoComplete="family-name"
              value={lastName}
              onChange={(event) => setLastName(event.currentTarget.value)}
              error={issueOf('lastName')}
            />
          </SimpleGrid>
          <SimpleGrid cols={isMobile ? 1 : 2} spacing="md">
            <Input.Wrapper label={t('common.language')}>
              <SegmentedControl
                fullWidth
                mt={4}
                value={language}
                onChange={(value) => {
                  if (isLanguage(value)) {
                    setFormLanguage(value);
                  }
                }}
                data={supportedLanguages.map((code) => ({ value: code, label: languageNames[code] }))}
                data-testid="profile-language"
              />
            </Input.Wrapper>
            <TimezoneSelect size="sm" value={timezone} onChange={setTimezone} error={issueOf('timezone')} />
          </SimpleGrid>
        </Stack>
        <div className={classes.sectionFooter}>
          <Button
            type="submit"
            loading={save.isPending}
            disabled={!dirty}
            leftSection={<IconDeviceFloppy size={18} stroke={1.7} />}
          >
            {t('account.profile.save')}
          </Button>
        </div>
      </form>
    </AccountSection>
  );
}
