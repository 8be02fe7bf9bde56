import { useState, type FormEvent } from 'react';
import { Button, Group, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { projectCreateBodySchema, type Project } from '../../../contracts/projects';
import { ApiError } from '../../api/api-error';
import { useIsMobile } from '../../kernel/ui-store';
import {
  fieldIssues,
  hasIssues,
  serverFieldIssues,
  useIssueText,
  type FieldIssues,
} from '../../components/form-issues';
import { canInProject, projectsApi, workspaceKeys } from '../projects';
import classes from './project-settings.module.css';

/** The project's name: PATCH /projects/{id}; read-only without the project's `edit` ability. */
export function ProjectNameForm({ project }: { project: Project }) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const queryClient = useQueryClient();
  const issueText = useIssueText();
  const [name, setName] = useState(project.name);
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});
  const canEdit = canInProject(project, 'edit');
  const dirty = name.trim() !== project.name;
  const validate = () => fieldIssues(projectCreateBodySchema, { name });
  const issues = submitted ? validate() : {};

  const save = useMutation({
    // Field errors show at their fields; anything else is announced.
    meta: { inlineFieldErrors: true },
    mutationFn: () => projectsApi.rename(project.id, name.trim()),
    onSuccess: async (updated) => {
      queryClient.setQueryData(workspaceKeys.project(project.id), { data: updated });
      setSubmitted(false);
      notifications.show({ color: 'teal', message: t('workspace.settings.name.saved') });
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.projects });
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
    <form onSubmit={handleSubmit} noValidate className={classes.section} data-testid="project-name-form">
      <div className={classes.sectionText}>
        <h2 className={classes.sectionTitle}>{t('workspace.settings.name.title')}</h2>
        <p className={classes.sectionLead}>
          {canEdit ? t('workspace.settings.name.text') : t('workspace.settings.name.readOnly')}
        </p>
      </div>
      <Group align="flex-start" gap="sm" wrap={isMobile ? 'wrap' : 'nowrap'} className={classes.sectionForm}>
        <TextInput
          aria-label={t('workspace.settings.name.label')}
          className={classes.grow}
          value={name}
          disabled={!canEdit}
          onChange={(event) => setName(event.currentTarget.value)}
          error={issueText(issues.name ?? serverIssues.name)}
          data-testid="project-name-input"
        />
        {canEdit ? (
          <Button
            type="submit"
            disabled={!dirty}
            loading={save.isPending}
            fullWidth={isMobile}
            leftSection={<IconDeviceFloppy size={18} stroke={1.7} />}
            data-testid="project-name-save"
          >
            {t('workspace.settings.name.save')}
          </Button>
        ) : null}
      </Group>
    </form>
  );
}
