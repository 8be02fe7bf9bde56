import { Avatar, Badge, Button, Group, Paper, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  IconAlertTriangle,
  IconArrowLeft,
  IconCalendar,
  IconMessage,
  IconMessageCircle,
  IconRefresh,
  IconUserCheck,
  IconUserPlus,
  IconUserQuestion,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, Outlet, useOutletContext, useParams } from 'react-router';
import { ApiError } from '../../api/api-error';
import { appCan, appHomePath, useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import { FullPageLoader } from '../../components/full-page-loader';
import { FullPageMessage } from '../../components/full-page-message';
import { currentLanguage } from '../../i18n/i18n';
import { formatDate } from '../../kernel/format';
import { personTimeZone } from '../../kernel/person-locale';
import { useAccount } from '../../kernel/session/account-store';
import { MemberActions } from './member-actions';
import { followQuery, memberApi, memberQuery, type Member } from './member-api';
import { memberInitialsOf, memberNameOf, memberPath } from './member-paths';
import { MemberTabs } from './member-tabs';
import classes from './member-page.module.css';

const roleColors = {
  owner: 'grape',
  admin: 'red',
  moderator: 'blue',
  member: 'gray',
  invited: 'yellow',
} as const;

function FollowBlock({ member }: { member: Member }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const query = useQuery(followQuery(member.id));
  const name = memberNameOf(member);
  const toggle = useMutation({
    mutationFn: (follow: boolean) => (follow ? memberApi.follow(member.id) : memberApi.unfollow(member.id)),
    onSuccess: (_, follow) => {
      void queryClient.invalidateQueries({ queryKey: followQuery(member.id).queryKey });
      notifications.show({
        color: 'teal',
        message: t(follow ? 'member.follow.followed' : 'member.follow.unfollowed', { name }),
      });
    },
  });
  const state = query.data;
  const canFollow = member.permissions.can.includes('follow');

  return (
    <div className={classes.followRow} data-mobile={isMobile || undefined}>
      <div className={classes.counts} data-testid="follow-counts">
        <div className={classes.count}>
          <span className={classes.countValue}>{state ? state.followersCount : '–'}</span>
          <span className={classes.countLabel}>
            {t('member.follow.followers', { count: state?.followersCount ?? 0 })}
          </span>
        </div>
        <div className={classes.count}>
          <span className={classes.countValue}>{state ? state.followingCount : '–'}</span>
          <span className={classes.countLabel}>{t('member.follow.following')}</span>
        </div>
      </div>
      {canFollow && state ? (
        state.isFollowing ? (
          <Button
            variant="default"
            leftSection={<IconUserCheck size={18} stroke={1.7} />}
            loading={toggle.isPending}
            onClick={() => toggle.mutate(false)}
            fullWidth={isMobile}
            data-testid="unfollow"
          >
            {t('member.follow.unfollow')}
          </Button>
        ) : (
          <Button
            leftSection={<IconUserPlus size={18} stroke={1.7} />}
            loading={toggle.isPending}
            onClick={() => toggle.mutate(true)}
            fullWidth={isMobile}
            data-testid="follow"
          >
            {t('member.follow.follow')}
          </Button>
        )
      ) : null}
    </div>
  );
}

function MemberProfile({ member }: { member: Member }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const account = useAccount();
  const isMobile = useIsMobile();
  const name = memberNameOf(member) || t('member.unnamed');
  usePageTitle(name);
  const isSelf = app.masqueradeProfileId
    ? app.masqueradeProfileId === member.id
    : account !== null && account.id === member.accountId;
  const role = member.isOwner ? 'owner' : member.type;
  const since = formatDate(member.createdAt, currentLanguage(), { timeZone: personTimeZone() });

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="member-page">
      <Paper className={classes.card}>
        <div className={classes.cover} aria-hidden="true" />
        <div className={classes.body}>
          <div className={classes.identity}>
            <Avatar
              color="brand"
              variant="filled"
              size={isMobile ? 84 : 104}
              radius={999}
              className={classes.avatar}
              data-testid="member-avatar"
            >
              {memberInitialsOf(member)}
            </Avatar>
            <div className={classes.headline}>
              <Group gap={10} wrap="wrap" align="center">
                <Title order={1} className={classes.name} data-testid="member-name">
                  {name}
                </Title>
                <Badge variant="light" color={roleColors[role]} radius="sm" data-testid="member-role">
                  {t(`member.roles.${role}`)}
                </Badge>
                {isSelf ? (
                  <Badge variant="outline" color="gray" radius="sm">
                    {t('member.you')}
                  </Badge>
                ) : null}
              </Group>
              <Group gap={6} className={classes.meta}>
                <IconCalendar size={16} stroke={1.6} />
                <Text size="sm" c="dimmed" data-testid="member-since">
                  {t(member.type === 'invited' ? 'member.invitedOn' : 'member.since', { date: since })}
                </Text>
              </Group>
            </div>
            <div className={classes.actions}>
              {!isSelf && member.type !== 'invited' && appCan(app, 'create_private_chat') ? (
                <Button
                  component={Link}
                  to={`${memberPath(app.slug, member.id)}/messages`}
                  leftSection={<IconMessage size={18} stroke={1.7} />}
                  fullWidth={isMobile}
                  data-testid="member-message"
                >
                  {t('member.message')}
                </Button>
              ) : null}
              <MemberActions member={member} isSelf={isSelf} />
            </div>
          </div>
          {member.tags.length > 0 ? (
            <Group gap={6} className={classes.tags} data-testid="member-tags">
              {member.tags.map((tag) => (
                <Badge
                  key={tag.id}
                  variant={tag.kind ? 'filled' : 'light'}
                  color={tag.kind === 'blocked' ? 'red' : tag.kind === 'punished' ? 'orange' : 'brand'}
                  radius="sm"
                >
                  {tag.kind ? t(`member.defaultTags.${tag.kind}`) : tag.name}
                </Badge>
              ))}
            </Group>
          ) : null}
          {member.type === 'invited' ? null : <FollowBlock member={member} />}
        </div>
      </Paper>
      {member.type === 'invited' ? null : (
        <>
          <MemberTabs slug={app.slug} profileId={member.id} />
          <Outlet context={member} />
        </>
      )}
    </div>
  );
}

/** The member page's first sub-page: what the member did lately. */
export function MemberActivity() {
  const { t } = useTranslation();
  const member = useOutletContext<Member>();
  return (
    <Paper className={classes.activity} data-testid="member-activity">
      <IconMessageCircle size={30} stroke={1.4} className={classes.activityIcon} />
      <Text fw={650}>{t('member.activity.title')}</Text>
      <Text size="sm" c="dimmed" ta="center" maw={420}>
        {t('member.activity.empty', { name: member.firstName || memberNameOf(member) })}
      </Text>
    </Paper>
  );
}

/** `/{appSlug}/m/{memberId}` (spec §2, ROUTE-75): one member of the app as the caller may see them. */
export function MemberPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const { memberId = '' } = useParams();
  const query = useQuery(memberQuery(memberId));

  if (query.data) {
    return <MemberProfile key={query.data.id} member={query.data} />;
  }
  if (query.isPending) {
    return <FullPageLoader fullScreen={false} />;
  }
  const missing = query.error instanceof ApiError && [400, 403, 404].includes(query.error.status);
  return (
    <FullPageMessage
      data-testid={missing ? 'member-missing' : 'member-load-error'}
      color={missing ? undefined : 'red'}
      icon={
        missing ? <IconUserQuestion size={32} stroke={1.6} /> : <IconAlertTriangle size={32} stroke={1.6} />
      }
      title={t(missing ? 'member.missing.title' : 'member.loadError.title')}
      text={t(missing ? 'member.missing.text' : 'member.loadError.text')}
      actions={
        missing ? (
          <Button
            component={Link}
            to={appHomePath(app.slug)}
            size="md"
            leftSection={<IconArrowLeft size={18} stroke={1.8} />}
          >
            {t('member.missing.home')}
          </Button>
        ) : (
          <Button
            size="md"
            loading={query.isFetching}
            leftSection={<IconRefresh size={18} stroke={1.8} />}
            onClick={() => void query.refetch()}
          >
            {t('common.retry')}
          </Button>
        )
      }
    />
  );
}
