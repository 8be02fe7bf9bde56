import { useState, type FormEvent } from 'react';
import { Alert, Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconMailPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorCodes } from '../../../contracts/errors';
import { teamMemberCreateBodySchema } from '../../../contracts/team';
import { ApiError } from '../../api/api-error';
import { useIsMobile } from '../../kernel/ui-store';
import {
  fieldIssues,
  hasIssues,
  serverFieldIssues,
  useIssueText,
  type FieldIssues,
} from '../../components/form-issues';
import { workspaceKeys, failureText, isQuotaError } from '../projects';
import { teamApi, teamKeys } from './team-api';
import classes from './team.module.css';

/** Invites an address to the team: POST /projects/{id}/teams; the invitation mail goes out from the server. */
export function InviteForm({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const issueText = useIssueText();
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});
  const validate = () => fieldIssues(teamMemberCreateBodySchema, { email });
  const issues = submitted ? validate() : {};

  const invite = useMutation({
    mutationFn: () => teamApi.invite(projectId, email.trim()),
    meta: { silent: true },
    onSuccess: async (member) => {
      setEmail('');
      setSubmitted(false);
      notifications.show({
        color: 'teal',
        message: t('workspace.team.invite.done', { email: member.email }),
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.all(projectId) }),
        queryClient.invalidateQueries({ queryKey: workspaceKeys.usage(projectId) }),
      ]);
    },
    onError: (error) => {
      if (error instanceof ApiError) {
        setServerIssues(
          error.code === errorCodes.alreadyMember
            ? { email: { key: 'errors.ALREADY_MEMBER' } }
            : serverFieldIssues(error.errors),
        );
      }
    },
  });

  const formError = invite.error && !hasIssues(serverIssues) ? failureText(t, invite.error) : null;

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    setServerIssues({});
    invite.reset();
    if (!hasIssues(validate())) {
      invite.mutate();
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="team-invite-form">
      {formError ? (
        <Alert
          mb="md"
          color={isQuotaError(invite.error) ? 'orange' : 'red'}
          variant="light"
          icon={<IconAlertTriangle size={18} stroke={1.7} />}
          data-testid="team-invite-error"
        >
          {formError}
        </Alert>
      ) : null}
      <Group align="flex-start" gap="sm" wrap={isMobile ? 'wrap' : 'nowrap'}>
        <TextInput
          className={classes.grow}
          type="email"
          autoComplete="off"
          aria-label={t('workspace.team.invite.email')}
          placeholder={t('workspace.team.invite.placeholder')}
          value={email}
          onChange={(event) => setEmail(event.currentTarget.value)}
          error={issueText(issues.email ?? serverIssues.email)}
          data-testid="team-invite-email"
        />
        <Button
          type="submit"
          loading={invite.isPending}
          fullWidth={isMobile}
          leftSection={<IconMailPlus size={18} stroke={1.7} />}
          data-testid="team-invite-submit"
        >
          {t('workspace.team.invite.submit')}
        </Button>
      </Group>
    </form>
  );
}
