import { useState, type FormEvent } from 'react';
import { Button, Select, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { generalProfilePatchBodySchema } from '../../../contracts/contacts';
import { profileLimits } from '../../../contracts/profile';
import { ApiError } from '../../api/api-error';
import { useIsMobile } from '../../kernel/ui-store';
import {
  fieldIssues,
  hasIssues,
  serverFieldIssues,
  useIssueText,
  type FieldIssues,
} from '../../components/form-issues';
import { isLanguage, languageNames, supportedLanguages, type Language } from '../../i18n/languages';
import { TimezoneSelect } from '../account';
import { contactKeys, contactsApi, type GeneralProfile, type GeneralProfilePatchBody } from './contacts-api';
import classes from './contacts.module.css';

const accountLanguage = 'account';

/** Phone, location, bio, time zone and language of a profile; names and e-mail belong to the account. */
export function GeneralProfileForm({ profile }: { profile: GeneralProfile }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const issueText = useIssueText();
  const canEdit = profile.permissions.can.includes('edit');
  const [phone, setPhone] = useState(profile.phone);
  const [location, setLocation] = useState(profile.location);
  const [bio, setBio] = useState(profile.bio);
  const [timezone, setTimezone] = useState<string | null>(profile.timezone);
  const [language, setLanguage] = useState<Language | null>(profile.language);
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});

  const changes: GeneralProfilePatchBody = {
    ...(phone.trim() !== profile.phone ? { phone: phone.trim() } : {}),
    ...(location.trim() !== profile.location ? { location: location.trim() } : {}),
    ...(bio.trim() !== profile.bio ? { bio: bio.trim() } : {}),
    ...(timezone !== profile.timezone ? { timezone } : {}),
    ...(language !== profile.language ? { language } : {}),
  };
  const dirty = Object.keys(changes).length > 0;
  const validate = () => fieldIssues(generalProfilePatchBodySchema, changes);
  const issues = submitted ? validate() : {};
  const issueOf = (field: string) => issueText(issues[field] ?? serverIssues[field]);

  const save = useMutation({
    // Field errors show at their fields; anything else is announced.
    meta: { inlineFieldErrors: true },
    mutationFn: () => contactsApi.updateGeneral(profile.id, changes),
    onSuccess: async (updated) => {
      queryClient.setQueryData(contactKeys.general(profile.id), { data: updated });
      setSubmitted(false);
      notifications.show({ color: 'teal', message: t('workspace.contacts.profile.saved') });
      await queryClient.invalidateQueries({ queryKey: ['contacts'] });
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
    <form onSubmit={handleSubmit} noValidate data-testid="general-profile-form">
      <Stack gap="md" mt="lg">
        <SimpleGrid cols={isMobile ? 1 : 2} spacing="md">
          <TextInput label={t('auth.signup.firstName')} value={profile.firstName} readOnly variant="filled" />
          <TextInput label={t('auth.signup.lastName')} value={profile.lastName} readOnly variant="filled" />
        </SimpleGrid>
        <TextInput
          label={t('workspace.contacts.profile.email')}
          description={t('workspace.contacts.profile.accountHint')}
          value={profile.email}
          readOnly
          variant="filled"
        />
        <SimpleGrid cols={isMobile ? 1 : 2} spacing="md">
          <TextInput
            label={t('workspace.contacts.profile.phone')}
            value={phone}
            disabled={!canEdit}
            onChange={(event) => setPhone(event.currentTarget.value)}
            error={issueOf('phone')}
            data-testid="general-phone"
          />
          <TextInput
            label={t('workspace.contacts.profile.location')}
            value={location}
            disabled={!canEdit}
            maxLength={profileLimits.location}
            onChange={(event) => setLocation(event.currentTarget.value)}
            error={issueOf('location')}
          />
        </SimpleGrid>
        <Textarea
          label={t('workspace.contacts.profile.bio')}
          value={bio}
          disabled={!canEdit}
          autosize
          minRows={3}
          maxRows={8}
          maxLength={profileLimits.bio}
          onChange={(event) => setBio(event.currentTarget.value)}
          error={issueOf('bio')}
        />
        <SimpleGrid cols={isMobile ? 1 : 2} spacing="md">
          <TimezoneSelect
            size="sm"
            value={timezone}
            onChange={setTimezone}
            clearable
            placeholder={t('workspace.contacts.profile.accountTimezone')}
            error={issueOf('timezone')}
          />
          <Select
            label={t('common.language')}
            value={language ?? accountLanguage}
            disabled={!canEdit}
            allowDeselect={false}
            onChange={(value) => setLanguage(isLanguage(value) ? value : null)}
            data={[
              { value: accountLanguage, label: t('workspace.contacts.profile.accountLanguage') },
              ...supportedLanguages.map((code) => ({ value: code, label: languageNames[code] })),
            ]}
          />
        </SimpleGrid>
      </Stack>
      {canEdit ? (
        <div className={classes.formFooter}>
          <Button
            type="submit"
            disabled={!dirty}
            loading={save.isPending}
            leftSection={<IconDeviceFloppy size={18} stroke={1.7} />}
            data-testid="general-save"
          >
            {t('workspace.contacts.profile.save')}
          </Button>
        </div>
      ) : null}
    </form>
  );
}
