import { useState } from 'react';
import { Button, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconBan, IconClockPause, IconLockOpen, IconPlus, IconShieldCheck } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { EmptyState, ListError, ListSkeleton } from './list-states';
import { ListPager } from './list-pager';
import { MemberAvatar, RoleBadge, formatDateTime, fullName } from './member-badges';
import {
  memberKeys,
  memberListQuery,
  memberPageSize,
  membersApi,
  type Member,
  type MemberFilter,
} from './members-api';
import { MembersHeader } from './members-header';
import { SanctionDialog } from './sanction-dialog';
import { defaultTagsQuery, tagKeys } from './tags-api';
import classes from './app-members.module.css';

type Sanction = 'blocked' | 'punished';

const filterFor = (tagId: string | undefined, page: number): MemberFilter => ({
  role: null,
  search: '',
  tagIds: tagId ? [tagId] : [],
  createdFrom: '',
  createdTo: '',
  invited: null,
  page,
});

function LiftButton({ member, sanction }: { member: Member; sanction: Sanction }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const queryClient = useQueryClient();
  const lift = useMutation({
    mutationFn: () =>
      membersApi.update(member.id, sanction === 'blocked' ? { isBlocked: false } : { punishedUntil: null }),
    onSuccess: async () => {
      notifications.show({
        color: 'teal',
        message: t(`members.moderation.lifted.${sanction}`, { name: fullName(member) }),
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: memberKeys.all(app.id) }),
        queryClient.invalidateQueries({ queryKey: tagKeys.all(app.id) }),
      ]);
    },
  });
  if (!member.permissions.can.includes('moderate')) {
    return null;
  }
  return (
    <Button
      size="xs"
      variant="light"
      color={sanction === 'blocked' ? 'red' : 'orange'}
      leftSection={sanction === 'blocked' ? <IconLockOpen size={15} /> : <IconShieldCheck size={15} />}
      loading={lift.isPending}
      onClick={() => lift.mutate()}
      data-testid={`lift-${member.id}`}
    >
      {t(`members.moderation.lift.${sanction}`)}
    </Button>
  );
}

function SanctionDetail({ member, sanction }: { member: Member; sanction: Sanction }) {
  const { t } = useTranslation();
  if (sanction === 'punished' && member.punishedUntil) {
    return <span>{t('members.moderation.until', { date: formatDateTime(member.punishedUntil) })}</span>;
  }
  return <span className={classes.muted}>{t(`members.moderation.detail.${sanction}`)}</span>;
}

function SanctionList({ members, sanction }: { members: Member[]; sanction: Sanction }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  if (isMobile) {
    return (
      <div className={classes.cards}>
        {members.map((member) => (
          <div key={member.id} className={classes.card} data-testid={`sanctioned-${member.id}`}>
            <MemberAvatar member={member} size={42} />
            <div className={classes.cardMain}>
              <div className={classes.cardTitle}>{fullName(member)}</div>
              <div className={classes.cardMeta}>
                <RoleBadge member={member} />
                <Text size="xs" c="dimmed">
                  <SanctionDetail member={member} sanction={sanction} />
                </Text>
              </div>
              <div className={classes.cardActions}>
                <LiftButton member={member} sanction={sanction} />
              </div>
            </div>
          </div>
        ))}
      </div>
    );
  }
  return (
    <div className={classes.tableWrap}>
      <Table className={classes.table} verticalSpacing="sm" data-testid="sanction-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('members.list.name')}</Table.Th>
            <Table.Th>{t('members.list.role')}</Table.Th>
            <Table.Th>{t('members.moderation.status')}</Table.Th>
            <Table.Th className={classes.actionsCell}>
              <VisuallyHidden>{t('members.list.actions')}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {members.map((member) => (
            <Table.Tr key={member.id} data-testid={`sanctioned-${member.id}`}>
              <Table.Td>
                <div className={classes.person}>
                  <MemberAvatar member={member} />
                  <div className={classes.personText}>
                    <span className={classes.memberName}>{fullName(member)}</span>
                    {member.email ? (
                      <Text size="xs" c="dimmed" truncate="end">
                        {member.email}
                      </Text>
                    ) : null}
                  </div>
                </div>
              </Table.Td>
              <Table.Td>
                <RoleBadge member={member} />
              </Table.Td>
              <Table.Td>
                <SanctionDetail member={member} sanction={sanction} />
              </Table.Td>
              <Table.Td className={classes.actionsCell}>
                <LiftButton member={member} sanction={sanction} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  );
}

/**
 * `settings/members/moderation` (GAPS 27): the member sanctions. Blocked members (the `blocked` tag) cannot
 * open the app; punished ones (the `punished` tag, until `punishedUntil`) can only read.
 */
export function ModerationPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const [sanction, setSanction] = useState<Sanction>('punished');
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState(false);
  const defaults = useQuery(defaultTagsQuery(app.id));
  const tagOf = (kind: Sanction) => defaults.data?.[kind]?.id;
  const other: Sanction = sanction === 'blocked' ? 'punished' : 'blocked';
  const list = useQuery({
    ...memberListQuery(app.id, filterFor(tagOf(sanction), page)),
    enabled: tagOf(sanction) !== undefined,
  });
  const otherList = useQuery({
    ...memberListQuery(app.id, filterFor(tagOf(other), 1)),
    enabled: tagOf(other) !== undefined,
  });
  const totals: Record<Sanction, number | undefined> = {
    [sanction]: list.data?.meta.total,
    [other]: otherList.data?.meta.total,
  } as Record<Sanction, number | undefined>;
  const canModerate = app.permissions.can.includes('moderation');

  let content;
  if (defaults.isError || list.isError) {
    content = (
      <ListError
        onRetry={() => {
          void defaults.refetch();
          void list.refetch();
        }}
      />
    );
  } else if (!list.data) {
    content = <ListSkeleton rows={3} />;
  } else if (list.data.data.length === 0) {
    content = (
      <EmptyState
        icon={<IconShieldCheck size={28} stroke={1.6} />}
        title={t(`members.moderation.empty.${sanction}`)}
        text={t('members.moderation.emptyText')}
      />
    );
  } else {
    content = <SanctionList members={list.data.data} sanction={sanction} />;
  }

  return (
    <div className={classes.page} data-testid="moderation-page">
      <MembersHeader
        back
        title={t('members.moderation.title')}
        lead={t('members.moderation.lead')}
        actions={
          canModerate ? (
            <Button
              leftSection={<IconPlus size={18} stroke={1.9} />}
              onClick={() => setDialog(true)}
              fullWidth={isMobile}
            >
              {t('members.moderation.sanction')}
            </Button>
          ) : null
        }
      />
      <div className={classes.tabs} role="tablist" aria-label={t('members.moderation.title')}>
        {(['punished', 'blocked'] as const).map((kind) => {
          const Icon = kind === 'blocked' ? IconBan : IconClockPause;
          return (
            <UnstyledButton
              key={kind}
              role="tab"
              aria-selected={sanction === kind}
              className={classes.tab}
              data-active={sanction === kind || undefined}
              onClick={() => {
                setSanction(kind);
                setPage(1);
              }}
              data-testid={`sanction-tab-${kind}`}
            >
              <Icon size={16} stroke={1.8} />
              <span>{t(`members.moderation.tabs.${kind}`)}</span>
              <span className={classes.tabCount}>{totals[kind] ?? '–'}</span>
            </UnstyledButton>
          );
        })}
      </div>
      <div className={classes.panel}>{content}</div>
      {list.data ? <ListPager meta={list.data.meta} pageSize={memberPageSize} onPage={setPage} /> : null}
      <SanctionDialog
        opened={dialog}
        kind={sanction === 'blocked' ? 'block' : 'punish'}
        onClose={() => setDialog(false)}
      />
    </div>
  );
}
