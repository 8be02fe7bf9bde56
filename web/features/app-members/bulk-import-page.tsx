import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Paper, Switch, Text, Title } from '@mantine/core';
import {
  IconAlertTriangle,
  IconDownload,
  IconFileSpreadsheet,
  IconPlayerPlay,
  IconTags,
  IconX,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { FullPageLoader } from '../../components/full-page-loader';
import { useStoredTasks, isTaskFinished, useTaskProgress } from '../tasks';
import { checkCsvFile, previewCsv, templateHeader, type CsvPreview, type CsvProblem } from './csv-preview';
import { CsvDropZone } from './csv-drop-zone';
import { CsvPreviewTable } from './csv-preview-table';
import { ImportStatus } from './import-status';
import { memberKeys, membersApi, saveFile } from './members-api';
import { MembersHeader } from './members-header';
import { TagSelect } from './tag-select';
import { tagKeys, unknownTagNamesQuery } from './tags-api';
import classes from './app-members.module.css';

type Options = { tagIds: string[]; isInvited: boolean };

function formatSize(bytes: number): string {
  return bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function downloadTemplate(fileName: string) {
  // A byte order mark lets Excel open the file as UTF-8 (umlauts in names).
  saveFile(new Blob([`\uFEFF${templateHeader}\r\n`], { type: 'text/csv;charset=utf-8' }), fileName);
}

/** Before the import: the file's tags the app does not have yet, which the import will create. */
function NewTagsNote({ names }: { names: readonly string[] }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const unknown = useQuery(unknownTagNamesQuery(app.id, names));
  const created = unknown.data ?? [];
  if (created.length === 0) {
    return null;
  }
  return (
    <Alert
      variant="light"
      color="blue"
      icon={<IconTags size={18} stroke={1.7} />}
      title={t('members.import.newTagsTitle', { count: created.length })}
      data-testid="import-new-tags"
    >
      <Text size="sm" mb={8}>
        {t('members.import.newTagsText')}
      </Text>
      <span className={classes.previewTags}>
        {created.map((name) => (
          <Badge key={name} size="sm" variant="white" radius="sm" tt="none">
            {name}
          </Badge>
        ))}
      </span>
    </Alert>
  );
}

/** Step 1: choose a file, see its first rows, set the options, start. */
function UploadStep({
  onStarted,
}: {
  onStarted: (taskId: string, preview: CsvPreview, options: Options) => void;
}) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const [preview, setPreview] = useState<CsvPreview | null>(null);
  const [problem, setProblem] = useState<{ kind: CsvProblem; fileName: string } | null>(null);
  const [reading, setReading] = useState(false);
  const [options, setOptions] = useState<Options>({ tagIds: [], isInvited: true });

  const start = useMutation({
    mutationFn: (file: CsvPreview) => membersApi.startImport(app.id, { csv: file.text, ...options }),
    onSuccess: (taskId, file) => onStarted(taskId, file, options),
  });

  const handleFile = async (file: File) => {
    setPreview(null);
    const early = checkCsvFile(file);
    if (early) {
      setProblem({ kind: early, fileName: file.name });
      return;
    }
    setReading(true);
    try {
      const result = previewCsv(file, await file.text());
      if ('problem' in result) {
        setProblem({ kind: result.problem, fileName: file.name });
      } else {
        setProblem(null);
        setPreview(result.preview);
      }
    } catch {
      setProblem({ kind: 'empty', fileName: file.name });
    } finally {
      setReading(false);
    }
  };

  return (
    <div className={classes.importLayout} data-mobile={isMobile || undefined}>
      <Paper withBorder className={classes.formCard}>
        {preview ? (
          <div className={classes.dialogForm}>
            <div className={classes.fileRow} data-testid="csv-file">
              <span className={classes.fileIcon} aria-hidden="true">
                <IconFileSpreadsheet size={22} stroke={1.6} />
              </span>
              <div className={classes.personText}>
                <div className={classes.fileName}>{preview.fileName}</div>
                <Text size="xs" c="dimmed">
                  {t('members.import.fileFacts', { size: formatSize(preview.size), count: preview.rowCount })}
                </Text>
              </div>
              <Button
                variant="subtle"
                color="gray"
                size="xs"
                leftSection={<IconX size={14} />}
                onClick={() => setPreview(null)}
              >
                {t('members.import.otherFile')}
              </Button>
            </div>
            <div>
              <Title order={3} className={classes.formSectionTitle}>
                {t('members.import.preview', { count: Math.min(preview.rows.length, preview.rowCount) })}
              </Title>
              <CsvPreviewTable preview={preview} />
            </div>
            <NewTagsNote names={preview.tagNames} />
            <div>
              <Title order={3} className={classes.formSectionTitle}>
                {t('members.import.options')}
              </Title>
              <div className={classes.dialogForm}>
                <TagSelect
                  value={options.tagIds}
                  onChange={(tagIds) => setOptions((current) => ({ ...current, tagIds }))}
                  description={t('members.import.tagsHint')}
                />
                <Switch
                  size="md"
                  label={t('members.import.invite')}
                  description={
                    options.isInvited ? t('members.import.inviteOn') : t('members.import.inviteOff')
                  }
                  checked={options.isInvited}
                  onChange={(event) => {
                    const isInvited = event.currentTarget.checked;
                    setOptions((current) => ({ ...current, isInvited }));
                  }}
                  data-testid="import-invite"
                />
              </div>
            </div>
            <Group justify="flex-end">
              <Button
                leftSection={<IconPlayerPlay size={17} />}
                loading={start.isPending}
                disabled={preview.rowCount === 0}
                onClick={() => start.mutate(preview)}
                fullWidth={isMobile}
                data-testid="import-start"
              >
                {t('members.import.start', { count: preview.rowCount })}
              </Button>
            </Group>
          </div>
        ) : (
          <div className={classes.dialogForm}>
            {problem ? (
              <Alert
                variant="light"
                color="red"
                icon={<IconAlertTriangle size={18} />}
                title={t('members.import.problemTitle', { name: problem.fileName })}
                data-testid="csv-problem"
              >
                {t(`members.import.problems.${problem.kind}`)}
              </Alert>
            ) : null}
            <CsvDropZone onFile={(file) => void handleFile(file)} busy={reading} />
          </div>
        )}
      </Paper>
      <Paper withBorder className={classes.helpCard}>
        <Title order={3} className={classes.formSectionTitle}>
          {t('members.import.formatTitle')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('members.import.formatText')}
        </Text>
        <ul className={classes.formatList}>
          <li>
            <code>email</code> – {t('members.import.formatEmail')}
          </li>
          <li>
            <code>firstName</code>, <code>lastName</code> – {t('members.import.formatNames')}
          </li>
          <li>
            <code>tags</code> – {t('members.import.formatTags')} <code>|</code>
          </li>
        </ul>
        <Button
          variant="light"
          leftSection={<IconDownload size={17} />}
          onClick={() => downloadTemplate(t('members.import.templateFileName'))}
          data-testid="import-template"
          fullWidth
        >
          {t('members.import.template')}
        </Button>
      </Paper>
    </div>
  );
}

/**
 * `settings/members/bulk-import`: a CSV of people becomes members (or invitations) in a background task.
 * The task id is kept per profile and app, so a reload shows the same import's progress.
 */
export function BulkImportPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const queryClient = useQueryClient();
  const { tasks: storedTasks, add, forget } = useStoredTasks(app.id, 'import');
  const latest = storedTasks.at(-1) ?? null;
  const progress = useTaskProgress(latest ? [latest.taskId] : []);
  const task = latest ? (progress.byId.get(latest.taskId) ?? null) : null;
  // The file of the import started on this visit, so a failed run can be repeated without choosing it again.
  const [lastRun, setLastRun] = useState<{ preview: CsvPreview; options: Options } | null>(null);

  // A remembered id the server does not know (anymore) is dropped; the upload shows again.
  const unknown = progress.unknownIds.join(',');
  useEffect(() => {
    for (const id of unknown.split(',').filter(Boolean)) {
      forget(id);
    }
  }, [unknown, forget]);

  // A finished import changed the members and the tags' counts.
  const finished = task !== null && isTaskFinished(task);
  useEffect(() => {
    if (finished) {
      void queryClient.invalidateQueries({ queryKey: memberKeys.all(app.id) });
      void queryClient.invalidateQueries({ queryKey: tagKeys.all(app.id) });
    }
  }, [finished, queryClient, app.id]);

  const retry = useMutation({
    mutationFn: (run: { preview: CsvPreview; options: Options }) =>
      membersApi.startImport(app.id, { csv: run.preview.text, ...run.options }),
    onSuccess: (taskId) => {
      if (latest) {
        forget(latest.taskId);
      }
      add(taskId);
    },
  });

  const handleStarted = (taskId: string, preview: CsvPreview, options: Options) => {
    for (const old of storedTasks) {
      forget(old.taskId);
    }
    add(taskId);
    setLastRun({ preview, options });
  };

  let content;
  if (latest && !task) {
    content = progress.error ? (
      <UploadStep onStarted={handleStarted} />
    ) : (
      <FullPageLoader fullScreen={false} />
    );
  } else if (latest && task) {
    content = (
      <ImportStatus
        task={task}
        timedOut={progress.timedOut}
        onRetry={lastRun ? () => retry.mutate(lastRun) : null}
        retrying={retry.isPending}
        onNewImport={() => {
          forget(latest.taskId);
          setLastRun(null);
        }}
      />
    );
  } else {
    content = <UploadStep onStarted={handleStarted} />;
  }

  return (
    <div className={classes.page} data-testid="bulk-import-page">
      <MembersHeader back title={t('members.import.title')} lead={t('members.import.lead')} />
      {content}
    </div>
  );
}
