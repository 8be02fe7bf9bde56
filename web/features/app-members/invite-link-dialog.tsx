import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, SegmentedControl, Switch, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { dayjs } from '../../i18n/dayjs';
import { useTranslation } from 'react-i18next';
import {
  invitationLinkCreateBodySchema,
  invitationLinkLimits,
  invitationLinkMemberTypeValues,
} from '../../../contracts/invitation-links';
import { ApiError } from '../../api/api-error';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { fieldIssues, serverFieldIssues, useIssueText, type FieldIssues } from '../../components/form-issues';
import { inviteLinkKeys, inviteLinksApi, type InvitationLink } from './invite-links-api';
import { TagSelect } from './tag-select';
import classes from './app-members.module.css';

type MemberType = (typeof invitationLinkMemberTypeValues)[number];

type Values = {
  name: string;
  memberType: MemberType;
  tagIds: string[];
  /** Digits as typed; '' = unlimited. */
  maxUses: string;
  /** YYYY-MM-DD (spec §5 date picker format); '' = never expires. */
  expiresOn: string;
  isActive: boolean;
};

const valuesOf = (link: InvitationLink | null): Values => ({
  name: link?.name ?? '',
  memberType: link?.memberType ?? 'member',
  tagIds: link?.tagIds ?? [],
  maxUses: link?.maxUses === null || link === null ? '' : String(link.maxUses),
  expiresOn: link?.expiresAt ? dayjs(link.expiresAt).format('YYYY-MM-DD') : '',
  isActive: link?.isActive ?? true,
});

/** A link expires at the end of the chosen day, in the admin's time zone. */
function bodyOf(values: Values) {
  const maxUses = values.maxUses.trim();
  return {
    name: values.name,
    memberType: values.memberType,
    tagIds: values.tagIds,
    maxUses: maxUses === '' ? null : Number(maxUses),
    expiresAt: values.expiresOn ? dayjs(values.expiresOn).endOf('day').toISOString() : null,
    isActive: values.isActive,
  };
}

function validate(values: Values): FieldIssues {
  const issues = fieldIssues(invitationLinkCreateBodySchema, bodyOf(values));
  // What was typed is judged as typed: "-5" is refused, never quietly read as 5.
  const maxUses = values.maxUses.trim();
  if (/^-\d+$/.test(maxUses) || /^0+$/.test(maxUses)) {
    issues.maxUses = { key: 'validation.minNumber', params: { min: 1 } };
  } else if (maxUses !== '' && !/^\d+$/.test(maxUses)) {
    issues.maxUses = { key: 'validation.notNumber' };
  }
  if (values.expiresOn && !dayjs(values.expiresOn).endOf('day').isAfter(dayjs())) {
    issues.expiresAt = { key: 'members.inviteLinks.expiryInPast' };
  }
  return issues;
}

function InviteLinkForm({ link, onClose }: { link: InvitationLink | null; onClose: () => void }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const issueText = useIssueText();
  const [values, setValues] = useState<Values>(() => valuesOf(link));
  const [issues, setIssues] = useState<FieldIssues>({});
  const set = <K extends keyof Values>(field: K, value: Values[K]) =>
    setValues((current) => ({ ...current, [field]: value }));

  const save = useMutation({
    // Field errors show at their fields; anything else is announced.
    meta: { inlineFieldErrors: true },
    mutationFn: () => {
      // Plans are not edited here (no access plans yet): an update leaves the link's plans as they are.
      const { name, memberType, tagIds, maxUses, expiresAt, isActive } = bodyOf(values);
      const fields = { name: name.trim(), memberType, tagIds, maxUses, expiresAt, isActive };
      return link
        ? inviteLinksApi.update(link.id, fields)
        : inviteLinksApi.create(app.id, { ...fields, planIds: [] });
    },
    onSuccess: async () => {
      notifications.show({
        color: 'teal',
        message: link ? t('members.inviteLinks.saved') : t('members.inviteLinks.created'),
      });
      await queryClient.invalidateQueries({ queryKey: inviteLinkKeys.all(app.id) });
      onClose();
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setIssues(serverFieldIssues(error.errors));
      }
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setIssues(found);
    if (Object.keys(found).length === 0) {
      save.mutate();
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate className={classes.dialogForm} data-testid="invite-link-form">
      <TextInput
        label={t('members.inviteLinks.name')}
        description={t('members.inviteLinks.nameHint')}
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        maxLength={invitationLinkLimits.name}
        error={issueText(issues.name)}
        required
        data-autofocus
      />
      <div>
        <div className={classes.fieldLabel}>{t('members.inviteLinks.memberType')}</div>
        <SegmentedControl
          fullWidth
          value={values.memberType}
          onChange={(value) => set('memberType', value)}
          data={invitationLinkMemberTypeValues.map((type) => ({
            value: type,
            label: t(`members.roles.${type}`),
          }))}
        />
      </div>
      <TagSelect
        value={values.tagIds}
        onChange={(tagIds) => set('tagIds', tagIds)}
        description={t('members.inviteLinks.tagsHint')}
        error={issueText(issues.tagIds)}
      />
      <Group
        grow
        align="flex-start"
        gap="md"
        style={isMobile ? { flexDirection: 'column', alignItems: 'stretch' } : undefined}
      >
        <TextInput
          label={t('members.inviteLinks.maxUses')}
          description={t('members.inviteLinks.maxUsesHint')}
          inputMode="numeric"
          value={values.maxUses}
          onChange={(event) => set('maxUses', event.currentTarget.value)}
          placeholder="∞"
          error={issueText(issues.maxUses)}
        />
        <TextInput
          type="date"
          label={t('members.inviteLinks.expiresOn')}
          description={t('members.inviteLinks.expiresHint')}
          value={values.expiresOn}
          min={dayjs().format('YYYY-MM-DD')}
          onChange={(event) => set('expiresOn', event.currentTarget.value)}
          error={issueText(issues.expiresAt)}
        />
      </Group>
      <Switch
        label={t('members.inviteLinks.active')}
        description={t('members.inviteLinks.activeHint')}
        checked={values.isActive}
        onChange={(event) => set('isActive', event.currentTarget.checked)}
      />
      <Group
        justify="flex-end"
        gap="sm"
        mt="xs"
        style={isMobile ? { flexDirection: 'column-reverse' } : undefined}
      >
        <Button variant="default" onClick={onClose} fullWidth={isMobile}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" loading={save.isPending} fullWidth={isMobile} data-testid="invite-link-save">
          {link ? t('members.actions.save') : t('members.inviteLinks.createSubmit')}
        </Button>
      </Group>
    </form>
  );
}

export function InviteLinkDialog({
  link,
  opened,
  onClose,
}: {
  link: InvitationLink | null;
  opened: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={link ? t('members.inviteLinks.editTitle') : t('members.inviteLinks.createTitle')}
      fullScreen={isMobile}
      size="lg"
      centered
    >
      {opened ? <InviteLinkForm key={link?.id ?? 'new'} link={link} onClose={onClose} /> : null}
    </Modal>
  );
}
