import { Badge, Pagination, Skeleton, Text, Title, Avatar } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate } from 'react-router';
import { formatNumber } from '../../../contracts/intl-format';
import { useIsMobile } from '../../kernel/ui-store';
import { SettingsHeader } from '../project-settings';
import { canInProject, useProject, usageQuery, projectPaths } from '../projects';
import { InviteForm } from './invite-form';
import { teamListQuery } from './team-api';
import { initials, personName, TeamMemberRow } from './team-member-row';
import { TeamSettingsSection } from './team-settings-section';
import classes from './team.module.css';

/** `/projects/{projectId}/settings/team` (ROUTE-20): the owner's team, invitations and what the team may do. */
export function TeamPage() {
  const project = useProject();
  // Spec §2: a missing ability sends to the default route; managing the team is the owner's (`team`).
  if (!canInProject(project, 'team')) {
    return <Navigate to={projectPaths.view(project.id)} replace />;
  }
  return <TeamScreen />;
}

function TeamScreen() {
  const { t, i18n } = useTranslation();
  const isMobile = useIsMobile();
  const project = useProject();
  const [page, setPage] = useState(1);
  const list = useQuery({ ...teamListQuery(project.id, page), placeholderData: keepPreviousData });
  const usage = useQuery(usageQuery(project.id));
  const seats = (usage.data ?? project.usage).find((item) => item.key === 'teamMembers');
  const seatsText = !seats
    ? null
    : seats.limit === -1
      ? t('workspace.team.seatsUnlimited', { count: seats.used })
      : seats.limit === 0
        ? t('workspace.team.seatsNone')
        : t('workspace.team.seats', {
            used: seats.used,
            limit: formatNumber(seats.limit, i18n.language),
          });

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="team-page">
      <SettingsHeader
        title={t('workspace.team.title')}
        lead={t('workspace.team.lead')}
        aside={
          seatsText ? (
            <Badge
              size="lg"
              variant="light"
              radius="sm"
              tt="none"
              fw={500}
              color={seats && seats.limit !== -1 && seats.used >= seats.limit ? 'orange' : 'brand'}
              data-testid="team-seats"
            >
              {seatsText}
            </Badge>
          ) : null
        }
      />

      <section className={classes.card}>
        <Title order={2} className={classes.cardTitle}>
          {t('workspace.team.invite.title')}
        </Title>
        <Text className={classes.cardText}>{t('workspace.team.invite.text')}</Text>
        <div className={classes.cardBody}>
          <InviteForm projectId={project.id} />
        </div>
      </section>

      <section className={classes.card} data-testid="team-list">
        <Title order={2} className={classes.cardTitle}>
          {t('workspace.team.members')}
        </Title>
        <div className={classes.rows}>
          {list.data ? (
            <>
              <div className={classes.row} data-testid="team-owner">
                <Avatar radius="xl" color="brand" variant="filled">
                  {initials(list.data.owner)}
                </Avatar>
                <div className={classes.person}>
                  <Text fw={600} size="sm" className={classes.ellipsis}>
                    {personName(list.data.owner)}
                  </Text>
                  <Text size="xs" c="dimmed" className={classes.ellipsis}>
                    {list.data.owner.email}
                  </Text>
                </div>
                <Badge variant="filled" radius="sm">
                  {t('workspace.team.owner')}
                </Badge>
                <span className={classes.menuSpacer} />
              </div>
              {list.data.data.map((member) => (
                <TeamMemberRow key={member.id} projectId={project.id} member={member} />
              ))}
              {list.data.data.length === 0 ? (
                <Text size="sm" c="dimmed" className={classes.emptyRow} data-testid="team-empty">
                  {t('workspace.team.empty')}
                </Text>
              ) : null}
            </>
          ) : (
            <Skeleton height={120} radius="md" />
          )}
        </div>
        {(list.data?.meta.pages ?? 1) > 1 ? (
          <Pagination mt="md" total={list.data?.meta.pages ?? 1} value={page} onChange={setPage} />
        ) : null}
      </section>

      <section className={classes.card}>
        <Title order={2} className={classes.cardTitle}>
          {t('workspace.team.settings.title')}
        </Title>
        <Text className={classes.cardText}>{t('workspace.team.settings.text')}</Text>
        <div className={classes.cardBody}>
          <TeamSettingsSection projectId={project.id} />
        </div>
      </section>
    </div>
  );
}
