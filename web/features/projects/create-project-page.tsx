import { useState, type FormEvent } from 'react';
import { Anchor, Button, Group, Paper, Text, TextInput, Title } from '@mantine/core';
import { IconArrowLeft, IconFolderPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { projectCreateBodySchema } from '../../../contracts/projects';
import { ApiError } from '../../api/api-error';
import { useIsMobile } from '../../kernel/ui-store';
import { usePageTitle } from '../../kernel/use-page-title';
import {
  fieldIssues,
  hasIssues,
  serverFieldIssues,
  useIssueText,
  type FieldIssues,
} from '../../components/form-issues';
import { projectsApi, workspaceKeys } from './projects-api';
import { projectPaths } from './projects-paths';
import classes from './projects.module.css';

const nameMaxLength = 100;

/** `/projects/create` (ROUTE-12): a name is all a project needs; the new project's view opens next. */
export function CreateProjectPage() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const issueText = useIssueText();
  const [name, setName] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [serverIssues, setServerIssues] = useState<FieldIssues>({});
  usePageTitle(t('workspace.create.title'));

  const validate = () => fieldIssues(projectCreateBodySchema, { name });
  const issues = submitted ? validate() : {};

  const create = useMutation({
    // Field errors show at their fields; anything else is announced.
    meta: { inlineFieldErrors: true },
    mutationFn: () => projectsApi.create(name.trim()),
    onSuccess: async (project) => {
      queryClient.setQueryData(workspaceKeys.project(project.id), { data: project });
      await queryClient.invalidateQueries({ queryKey: workspaceKeys.projects, refetchType: 'none' });
      await navigate(projectPaths.view(project.id));
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
    if (!hasIssues(validate())) {
      create.mutate();
    }
  };

  return (
    <div className={classes.page} data-mobile={isMobile || undefined} data-testid="create-project-page">
      <Anchor component={Link} to={projectPaths.list} className={classes.backLink}>
        <IconArrowLeft size={16} stroke={1.8} />
        {t('workspace.create.back')}
      </Anchor>
      <Paper className={classes.formCard}>
        <div className={classes.formCardIcon}>
          <IconFolderPlus size={26} stroke={1.6} />
        </div>
        <Title order={1} className={classes.formTitle}>
          {t('workspace.create.title')}
        </Title>
        <Text className={classes.lead}>{t('workspace.create.lead')}</Text>
        <form onSubmit={handleSubmit} noValidate data-testid="create-project-form">
          <TextInput
            mt="xl"
            size="md"
            label={t('workspace.create.name')}
            description={t('workspace.create.nameHint')}
            placeholder={t('workspace.create.namePlaceholder')}
            value={name}
            maxLength={nameMaxLength + 20}
            onChange={(event) => setName(event.currentTarget.value)}
            error={issueText(issues.name ?? serverIssues.name)}
            rightSection={
              <Text size="xs" c={name.length > nameMaxLength ? 'red.7' : 'dimmed'}>
                {name.length}/{nameMaxLength}
              </Text>
            }
            rightSectionWidth={64}
            data-autofocus
            autoFocus
            data-testid="create-project-name"
          />
          <Group justify="flex-end" mt="xl" gap="sm">
            <Button variant="default" component={Link} to={projectPaths.list}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={create.isPending}
              leftSection={<IconFolderPlus size={18} stroke={1.7} />}
              data-testid="create-project-submit"
            >
              {t('workspace.create.submit')}
            </Button>
          </Group>
        </form>
      </Paper>
    </div>
  );
}
