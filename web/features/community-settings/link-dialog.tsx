import { useState, type FormEvent } from 'react';
import { Modal, Select, Stack, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  communityLimits,
  linkCreateBodySchema,
  type CommunityLink,
  type LinkCreateBody,
} from '../../../contracts/community-spaces';
import { ApiError } from '../../api/api-error';
import { errorTextKey } from '../../api/notify-error';
import { ConfirmActions } from '../../components/confirm-actions';
import { fieldIssues, serverFieldIssues, useIssueText, type FieldIssues } from '../../components/form-issues';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { switchClassNames } from '../app-profile';
import { communityKeys } from '../community';
import { communityLinkIconNames, communityLinkIcons } from './link-icons';
import { settingsApi } from './settings-api';

type LinkValues = { name: string; href: string; icon: string; isNewTab: boolean };

export const linkBodyOf = (values: LinkValues): LinkCreateBody => ({
  name: values.name.trim(),
  href: values.href.trim(),
  icon: values.icon,
  isNewTab: values.isNewTab,
});

type LinkDialogProps = { link: CommunityLink | null; onClose: () => void };

/** A link of the community's navigation: its name, address (web or e-mail), icon and whether it opens a new tab. */
export function LinkDialog({ link, onClose }: LinkDialogProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const issueText = useIssueText();
  const client = useQueryClient();
  const [values, setValues] = useState<LinkValues>({
    name: link?.name ?? '',
    href: link?.href ?? '',
    icon: link?.icon ?? 'link',
    isNewTab: link?.isNewTab ?? true,
  });
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});
  const issues = submitted ? fieldIssues(linkCreateBodySchema, linkBodyOf(values)) : {};
  const issueOf = (field: string) => issueText(issues[field] ?? serverIssues[field]);
  const set = <K extends keyof LinkValues>(field: K, value: LinkValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerIssues(({ [field]: _, ...rest }) => rest);
  };

  const save = useMutation({
    mutationFn: () =>
      link
        ? settingsApi.updateLink(link.id, linkBodyOf(values))
        : settingsApi.createLink(app.id, linkBodyOf(values)),
    meta: { silent: true },
    onSuccess: async (saved) => {
      notifications.show({
        color: 'teal',
        message: t(link ? 'communitySettings.link.updated' : 'communitySettings.link.created', {
          name: saved.name,
        }),
      });
      await client.invalidateQueries({ queryKey: communityKeys.all(app.id) });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError && Object.keys(error.errors).length > 0) {
        setServerIssues(serverFieldIssues(error.errors));
      } else {
        notifications.show({ color: 'red', title: t('errors.title'), message: t(errorTextKey(error)) });
      }
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (Object.keys(fieldIssues(linkCreateBodySchema, linkBodyOf(values))).length === 0) {
      save.mutate();
    }
  };
  const Icon = communityLinkIcons[values.icon] ?? communityLinkIcons.link;

  return (
    <Modal
      opened
      onClose={onClose}
      title={link ? t('communitySettings.link.editTitle') : t('communitySettings.link.createTitle')}
      size={isMobile ? '100%' : 'md'}
      centered
      data-testid="link-dialog"
    >
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t('communitySettings.link.name')}
            placeholder={t('communitySettings.link.namePlaceholder')}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            maxLength={communityLimits.linkName}
            error={issueOf('name')}
            required
            data-autofocus
            data-testid="link-name"
          />
          <TextInput
            label={t('communitySettings.link.href')}
            description={t('communitySettings.link.hrefHint')}
            placeholder="https://"
            value={values.href}
            onChange={(event) => set('href', event.currentTarget.value)}
            maxLength={communityLimits.href}
            error={issueOf('href')}
            required
            data-testid="link-href"
          />
          <Select
            label={t('communitySettings.link.icon')}
            data={communityLinkIconNames.map((name) => ({
              value: name,
              label: t(`communitySettings.linkIcons.${name}`),
            }))}
            value={values.icon}
            onChange={(icon) => icon && set('icon', icon)}
            leftSection={Icon ? <Icon size={17} stroke={1.7} /> : null}
            allowDeselect={false}
            // Fixed to the viewport: in a dialog (itself fixed) an absolute list misplaces itself on phones.
            comboboxProps={{ withinPortal: true, floatingStrategy: 'fixed' }}
            data-testid="link-icon"
          />
          <Switch
            size="md"
            labelPosition="left"
            classNames={switchClassNames}
            label={t('communitySettings.link.isNewTab')}
            checked={values.isNewTab}
            onChange={(event) => set('isNewTab', event.currentTarget.checked)}
          />
        </Stack>
        <ConfirmActions
          onCancel={onClose}
          confirmLabel={link ? t('communitySettings.save') : t('communitySettings.link.create')}
          confirmIcon={
            link ? <IconDeviceFloppy size={17} stroke={1.8} /> : <IconPlus size={17} stroke={1.8} />
          }
          tone="primary"
          loading={save.isPending}
          testId="link-submit"
        />
      </form>
    </Modal>
  );
}
