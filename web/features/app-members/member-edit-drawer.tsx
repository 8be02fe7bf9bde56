import { useState, type FormEvent } from 'react';
import { Alert, Anchor, Button, Drawer, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCrown, IconExternalLink, IconMailQuestion } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberPatchBody } from '../../../contracts/members';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { FullPageLoader } from '../../components/full-page-loader';
import { CommunityModerationSelect } from './community-moderation-select';
import { canOpenAdminForm } from './member-actions';
import { MemberAvatar, RoleBadge, fullName } from './member-badges';
import { memberKeys, memberQuery, membersApi, type Member } from './members-api';
import { membersPaths } from './members-paths';
import {
  SanctionFields,
  isoOfLocalInput,
  isPunishmentActive,
  localInputOf,
  punishIssue,
  type SanctionValues,
} from './sanction-fields';
import { TagSelect } from './tag-select';
import { defaultTagsQuery, tagKeys } from './tags-api';
import classes from './app-members.module.css';

const editableRoles = ['member', 'moderator', 'admin'] as const;
type EditableRole = (typeof editableRoles)[number];

type Values = SanctionValues & {
  type: EditableRole | null;
  tagIds: string[];
  moderatorGroupIds: string[];
  moderatorSpaceIds: string[];
};

function valuesOf(member: Member): Values {
  return {
    type: member.type === 'invited' ? null : member.type,
    tagIds: member.tags.filter((tag) => tag.kind === null).map((tag) => tag.id),
    moderatorGroupIds: member.moderates?.groupIds ?? [],
    moderatorSpaceIds: member.moderates?.spaceIds ?? [],
    isBlocked: member.tags.some((tag) => tag.kind === 'blocked'),
    punishedUntil: isPunishmentActive(member.punishedUntil) ? localInputOf(member.punishedUntil) : '',
  };
}

const sameIds = (a: string[], b: string[]) => [...a].sort().join(',') === [...b].sort().join(',');

/**
 * Only what changed. `tagIds` replaces every tag, the default ones included, so it carries the sanction
 * tags as they will be after this change: whichever order the server applies the fields in, they agree.
 */
function changesOf(
  member: Member,
  values: Values,
  defaults: { blocked: string | null; punished: string | null },
): MemberPatchBody {
  const initial = valuesOf(member);
  const changes: MemberPatchBody = {};
  if (values.type !== null && values.type !== initial.type) {
    changes.type = values.type;
  }
  if (values.isBlocked !== initial.isBlocked) {
    changes.isBlocked = values.isBlocked;
  }
  if (values.punishedUntil !== initial.punishedUntil) {
    changes.punishedUntil = isoOfLocalInput(values.punishedUntil);
  }
  if (!sameIds(values.moderatorGroupIds, initial.moderatorGroupIds)) {
    changes.moderatorGroupIds = values.moderatorGroupIds;
  }
  if (!sameIds(values.moderatorSpaceIds, initial.moderatorSpaceIds)) {
    changes.moderatorSpaceIds = values.moderatorSpaceIds;
  }
  if (!sameIds(values.tagIds, initial.tagIds)) {
    const sanctionTags = member.tags.filter((tag) => tag.kind !== null).map((tag) => tag.id);
    const keep = new Set(sanctionTags);
    const toggle = (id: string | null, on: boolean) => {
      if (id) {
        if (on) {
          keep.add(id);
        } else {
          keep.delete(id);
        }
      }
    };
    toggle(defaults.blocked, values.isBlocked);
    toggle(defaults.punished, values.punishedUntil !== '');
    changes.tagIds = [...values.tagIds, ...keep];
  }
  return changes;
}

function AdminForm({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const defaults = useQuery(defaultTagsQuery(app.id));
  const [values, setValues] = useState<Values>(() => valuesOf(member));
  const [submitted, setSubmitted] = useState(false);
  const canEdit = member.permissions.can.includes('edit');
  const canModerate = member.permissions.can.includes('moderate');
  const changes = changesOf(member, values, {
    blocked: defaults.data?.blocked?.id ?? null,
    punished: defaults.data?.punished?.id ?? null,
  });
  const dirty = Object.keys(changes).length > 0;
  const untilIssue = punishIssue(values.punishedUntil);

  const save = useMutation({
    mutationFn: () => membersApi.update(member.id, changes),
    onSuccess: async (updated) => {
      notifications.show({ color: 'teal', message: t('members.edit.saved', { name: fullName(updated) }) });
      queryClient.setQueryData(memberQuery(member.id).queryKey, updated);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.all(app.id) }),
        queryClient.invalidateQueries({ queryKey: tagKeys.all(app.id) }),
      ]);
      onClose();
    },
  });

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (dirty && !untilIssue) {
      save.mutate();
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate className={classes.drawerForm} data-testid="member-admin-form">
      <div className={classes.drawerBody}>
        <div className={classes.identity}>
          <MemberAvatar member={member} size={52} />
          <div className={classes.personText}>
            <div className={classes.identityName}>{fullName(member)}</div>
            {member.email ? (
              <Text size="sm" c="dimmed" truncate="end">
                {member.email}
              </Text>
            ) : null}
            <Group gap={8} mt={6}>
              <RoleBadge member={member} />
              {member.type === 'invited' ? null : (
                <Anchor
                  component={Link}
                  to={membersPaths(app.slug).member(member.id)}
                  size="sm"
                  className={classes.inline}
                >
                  {t('members.actions.viewProfile')}
                  <IconExternalLink size={14} />
                </Anchor>
              )}
            </Group>
          </div>
        </div>

        {member.type === 'invited' ? (
          <Alert variant="light" color="yellow" icon={<IconMailQuestion size={18} />} mt="lg">
            {t('members.edit.invitedHint')}
          </Alert>
        ) : null}
        {member.isOwner ? (
          <Alert variant="light" color="brand" icon={<IconCrown size={18} />} mt="lg">
            {t('members.edit.ownerHint')}
          </Alert>
        ) : null}

        {canEdit && values.type !== null && !member.isOwner ? (
          <section className={classes.formSection}>
            <Title order={3} className={classes.formSectionTitle}>
              {t('members.edit.role')}
            </Title>
            <SegmentedControl
              fullWidth
              value={values.type}
              onChange={(type) => setValues((current) => ({ ...current, type: type }))}
              data={editableRoles.map((role) => ({ value: role, label: t(`members.roles.${role}`) }))}
              data-testid="member-role"
            />
            <Text size="xs" c="dimmed" mt={8}>
              {t(`members.edit.roleHints.${values.type}`)}
            </Text>
          </section>
        ) : null}

        {canEdit ? (
          <section className={classes.formSection}>
            <Title order={3} className={classes.formSectionTitle}>
              {t('members.edit.tags')}
            </Title>
            <TagSelect
              label={null}
              value={values.tagIds}
              onChange={(tagIds) => setValues((current) => ({ ...current, tagIds }))}
            />
          </section>
        ) : null}

        {canEdit && member.type !== 'invited' && member.moderates !== null ? (
          <section className={classes.formSection} data-testid="member-community-moderation">
            <Title order={3} className={classes.formSectionTitle}>
              {t('members.edit.communityModeration')}
            </Title>
            <Stack gap="sm">
              <CommunityModerationSelect
                kind="groups"
                value={values.moderatorGroupIds}
                onChange={(moderatorGroupIds) => setValues((current) => ({ ...current, moderatorGroupIds }))}
                testId="member-moderated-groups"
              />
              <CommunityModerationSelect
                kind="spaces"
                value={values.moderatorSpaceIds}
                onChange={(moderatorSpaceIds) => setValues((current) => ({ ...current, moderatorSpaceIds }))}
                testId="member-moderated-spaces"
              />
            </Stack>
            <Text size="xs" c="dimmed" mt={8}>
              {t('members.edit.communityModerationHint')}
            </Text>
          </section>
        ) : null}

        {canModerate ? (
          <section className={classes.formSection}>
            <Title order={3} className={classes.formSectionTitle}>
              {t('members.edit.moderation')}
            </Title>
            <SanctionFields
              values={values}
              onChange={(sanctions) => setValues((current) => ({ ...current, ...sanctions }))}
              error={submitted && untilIssue ? t(untilIssue) : null}
            />
          </section>
        ) : null}
      </div>
      <Group className={classes.drawerFooter} justify="flex-end" gap="sm" grow={isMobile}>
        <Button variant="default" onClick={onClose}>
          {t('common.cancel')}
        </Button>
        <Button type="submit" disabled={!dirty} loading={save.isPending} data-testid="member-save">
          {t('members.actions.save')}
        </Button>
      </Group>
    </form>
  );
}

/**
 * The member admin form (spec §3) in a side panel, opened by `?profile=<id>`: from the list's row menu or
 * by address. A member not on the current page is loaded on its own.
 */
export function MemberEditDrawer({
  profileId,
  members,
  onClose,
}: {
  profileId: string | null;
  members: Member[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const listed = members.find((member) => member.id === profileId);
  const query = useQuery({ ...memberQuery(profileId ?? ''), enabled: profileId !== null && !listed });
  const member = listed ?? query.data;

  let body;
  if (member) {
    body = canOpenAdminForm(member) ? (
      <AdminForm key={member.id} member={member} onClose={onClose} />
    ) : (
      <Text c="dimmed" p="md">
        {t('members.edit.noRights')}
      </Text>
    );
  } else if (query.isError) {
    body = (
      <Text c="dimmed" p="md" data-testid="member-not-found">
        {t('members.edit.notFound')}
      </Text>
    );
  } else {
    body = <FullPageLoader fullScreen={false} />;
  }

  return (
    <Drawer
      opened={profileId !== null}
      onClose={onClose}
      position={isMobile ? 'bottom' : 'right'}
      size={isMobile ? '92%' : 480}
      title={t('members.edit.title')}
      classNames={{ content: classes.drawerContent }}
    >
      {profileId !== null ? body : null}
    </Drawer>
  );
}
