import { useEffect, useRef } from 'react';
import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconMailOpened, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ProjectMark } from './project-mark';
import {
  projectsApi,
  refreshWorkspace,
  teamInvitationsQuery,
  workspaceKeys,
  type TeamInvitation,
} from './projects-api';
import { projectPaths } from './projects-paths';
import classes from './projects.module.css';

/**
 * Pending invitations to other people's teams, with Accept and Decline. The invitation mail links to
 * `/projects?teamInvitation=<id>`: that one is marked and scrolled to, or explained when it is no longer open.
 */
export function TeamInvitations({ highlightId }: { highlightId: string | null }) {
  const { t } = useTranslation();
  const query = useQuery(teamInvitationsQuery());
  const invitations = query.data ?? [];
  const missing =
    highlightId !== null && query.isSuccess && !invitations.some(({ id }) => id === highlightId);

  if (invitations.length === 0 && !missing) {
    return null;
  }
  return (
    <section className={classes.invitations} data-testid="team-invitations">
      {missing ? (
        <Alert
          color="gray"
          variant="light"
          icon={<IconMailOpened size={18} stroke={1.7} />}
          data-testid="team-invitation-missing"
        >
          {t('workspace.invitations.missing')}
        </Alert>
      ) : null}
      {invitations.map((invitation) => (
        <InvitationRow
          key={invitation.id}
          invitation={invitation}
          highlighted={invitation.id === highlightId}
        />
      ))}
    </section>
  );
}

function InvitationRow({ invitation, highlighted }: { invitation: TeamInvitation; highlighted: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (highlighted) {
      ref.current?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
    }
  }, [highlighted]);

  const accept = useMutation({
    mutationFn: () => projectsApi.acceptInvitation(invitation.id),
    onSuccess: async ({ projectId }) => {
      notifications.show({
        color: 'teal',
        message: t('workspace.invitations.accepted', { name: invitation.projectName }),
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: workspaceKeys.invitations }),
        refreshWorkspace(queryClient),
      ]);
      await navigate(projectPaths.view(projectId));
    },
  });
  const decline = useMutation({
    mutationFn: () => projectsApi.declineInvitation(invitation.id),
    onSuccess: async () => {
      notifications.show({
        color: 'gray',
        message: t('workspace.invitations.declined', { name: invitation.projectName }),
      });
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.invitations });
    },
  });

  const inviter = invitation.invitedBy
    ? `${invitation.invitedBy.firstName} ${invitation.invitedBy.lastName}`.trim()
    : '';

  return (
    <Paper
      ref={ref}
      className={classes.invitation}
      data-highlighted={highlighted || undefined}
      data-testid={`team-invitation-${invitation.id}`}
    >
      <ProjectMark name={invitation.projectName} size={40} />
      <div className={classes.invitationText}>
        <Text fw={600}>{t('workspace.invitations.title', { name: invitation.projectName })}</Text>
        <Text size="sm" c="dimmed">
          {inviter ? t('workspace.invitations.textBy', { inviter }) : t('workspace.invitations.text')}
        </Text>
      </div>
      <Group gap="xs" wrap="nowrap" className={classes.invitationActions}>
        <Button
          variant="default"
          leftSection={<IconX size={16} stroke={1.8} />}
          loading={decline.isPending}
          disabled={accept.isPending}
          onClick={() => decline.mutate()}
          data-testid="team-invitation-decline"
        >
          {t('workspace.invitations.decline')}
        </Button>
        <Button
          leftSection={<IconCheck size={16} stroke={1.8} />}
          loading={accept.isPending}
          disabled={decline.isPending}
          onClick={() => accept.mutate()}
          data-testid="team-invitation-accept"
        >
          {t('workspace.invitations.accept')}
        </Button>
      </Group>
    </Paper>
  );
}
