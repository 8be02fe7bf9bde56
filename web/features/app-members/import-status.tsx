import { useState } from 'react';
import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { IconDownload, IconFileImport, IconRefresh, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { notifyError } from '../../api/notify-error';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { TaskProgress } from '../tasks';
import type { Task } from '../tasks';
import { importOutcome } from './import-outcome';
import { downloadImportErrors } from './members-api';
import { membersPaths } from './members-paths';
import classes from './app-members.module.css';

type ImportStatusProps = {
  task: Task;
  /** Polling gave up after 10 minutes while the task still ran. */
  timedOut: boolean;
  /** Starts the same file again, when this page still holds it. */
  onRetry: (() => void) | null;
  retrying: boolean;
  /** Back to the upload (the task is forgotten). */
  onNewImport: () => void;
};

/** A started import: progress while it runs, then its summary, its invalid rows or its failure. */
export function ImportStatus({ task, timedOut, onRetry, retrying, onNewImport }: ImportStatusProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const [downloading, setDownloading] = useState(false);
  const outcome = importOutcome(task);

  const download = async () => {
    setDownloading(true);
    try {
      await downloadImportErrors(app.id, task.taskId, t('members.import.reportFileName'));
    } catch (error) {
      notifyError(error);
    } finally {
      setDownloading(false);
    }
  };

  const newImport = (
    <Button
      variant="default"
      leftSection={<IconFileImport size={17} />}
      onClick={onNewImport}
      fullWidth={isMobile}
    >
      {t('members.import.newImport')}
    </Button>
  );
  const retry = (
    <Button
      leftSection={<IconRefresh size={17} />}
      onClick={onRetry ?? onNewImport}
      loading={retrying}
      fullWidth={isMobile}
      data-testid="import-retry"
    >
      {t('members.import.retry')}
    </Button>
  );

  let detail;
  switch (outcome.kind) {
    case 'running':
      detail = (
        <Text size="sm" c="dimmed">
          {timedOut ? t('members.import.stillRunning') : t('members.import.running')}
        </Text>
      );
      break;
    case 'completed':
      detail = (
        <div data-testid="import-summary">
          <div className={classes.stats}>
            <div className={classes.stat}>
              <span className={classes.statValue} data-testid="import-imported">
                {outcome.imported}
              </span>
              <span className={classes.statLabel}>
                {t('members.import.imported', { count: outcome.imported })}
              </span>
            </div>
            <div className={classes.stat}>
              <span className={classes.statValue} data-testid="import-skipped">
                {outcome.skipped}
              </span>
              <span className={classes.statLabel}>
                {t('members.import.skipped', { count: outcome.skipped })}
              </span>
            </div>
          </div>
          {outcome.skipped > 0 ? (
            <Text size="sm" c="dimmed" mt="sm">
              {t('members.import.skippedHint')}
            </Text>
          ) : null}
          <Group
            mt="lg"
            gap="sm"
            style={isMobile ? { flexDirection: 'column', alignItems: 'stretch' } : undefined}
          >
            <Button
              component={Link}
              to={membersPaths(app.slug).list}
              leftSection={<IconUsers size={17} />}
              fullWidth={isMobile}
            >
              {t('members.import.toMembers')}
            </Button>
            {newImport}
          </Group>
        </div>
      );
      break;
    case 'invalidRows':
      detail = (
        <div data-testid="import-invalid">
          <Alert
            variant="light"
            color="red"
            title={t('members.import.invalidRows', { count: outcome.invalidRows })}
          >
            {t('members.import.invalidRowsText')}
          </Alert>
          <Group
            mt="lg"
            gap="sm"
            style={isMobile ? { flexDirection: 'column', alignItems: 'stretch' } : undefined}
          >
            <Button
              leftSection={<IconDownload size={17} />}
              onClick={() => void download()}
              loading={downloading}
              fullWidth={isMobile}
              data-testid="import-report"
            >
              {t('members.import.downloadReport')}
            </Button>
            {newImport}
          </Group>
        </div>
      );
      break;
    case 'quota':
      detail = (
        <div data-testid="import-quota">
          <Alert variant="light" color="orange" title={t('members.invite.errors.QUOTA_EXCEEDED.title')}>
            {t('members.import.quota')}
          </Alert>
          <Group mt="lg" gap="sm">
            {newImport}
          </Group>
        </div>
      );
      break;
    case 'failed':
    case 'killed':
      detail = (
        <div data-testid="import-failed">
          <Alert variant="light" color={outcome.kind === 'killed' ? 'orange' : 'red'}>
            {outcome.kind === 'killed' ? t('members.import.killed') : t('members.import.failed')}
          </Alert>
          <Group
            mt="lg"
            gap="sm"
            style={isMobile ? { flexDirection: 'column', alignItems: 'stretch' } : undefined}
          >
            {retry}
            {onRetry ? newImport : null}
          </Group>
        </div>
      );
      break;
  }

  return (
    <Paper withBorder className={classes.formCard} data-testid="import-status" data-outcome={outcome.kind}>
      <TaskProgress task={task} label={t('members.import.taskLabel')}>
        {detail}
      </TaskProgress>
    </Paper>
  );
}
