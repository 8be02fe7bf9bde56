import { useState, type ReactNode } from 'react';
import {
  Button,
  Modal,
  SegmentedControl,
  Skeleton,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { courseLimits, lessonCompletionValues } from '../../../contracts/courses';
import { lessonPatchBodySchema, type Lesson } from '../../../contracts/courses-lessons';
import { lessonTypeValues } from '../../../contracts/enums';
import { ConfirmActions } from '../../components/confirm-actions';
import { LoadFailedState } from '../../components/empty-state';
import { useFormChecks, useIssueText } from '../../components/form-issues';
import { NotFoundMessage } from '../../components/not-found-message';
import { RichTextEditor } from '../../components/rich-text';
import { useCurrentApp } from '../../kernel/current-app';
import { usePageTitle } from '../../kernel/use-page-title';
import { AccountSection } from '../account';
import { lessonBySlugQuery, useLessonMutations } from './courses-api';
import { coursesLinks } from './courses-links';
import { FilesField, VideosField } from './lesson-editor-fields';
import { LinksField, TodosField } from './lesson-list-fields';
import { lessonBodyOf, lessonFormValues, type LessonFormValues } from './lesson-form';
import { DripFields } from './module-dialogs';
import classes from './courses.module.css';

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <AccountSection title={title}>
      <Stack gap="md">{children}</Stack>
    </AccountSection>
  );
}

/** `/{appSlug}/courses/l/{lessonSlug}/edit` (lesson ability `update`). */
export function LessonEditorPage() {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const { lessonSlug = '' } = useParams();
  const answer = useQuery(lessonBySlugQuery(app.id, lessonSlug));
  if (answer.isError) {
    return (
      <LoadFailedState
        error={answer.error}
        title={t('courses.lessonError')}
        onRetry={() => void answer.refetch()}
      />
    );
  }
  if (answer.isPending) {
    return <Skeleton height={640} radius="lg" className={classes.page} />;
  }
  if (!answer.data.permissions.can.includes('update')) {
    return <NotFoundMessage />;
  }
  return <LessonEditor key={answer.data.id} lesson={answer.data} />;
}

function LessonEditor({ lesson }: { lesson: Lesson }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const navigate = useNavigate();
  const issueText = useIssueText();
  usePageTitle(t('courses.editor.title'));
  const [values, setValues] = useState<LessonFormValues>(() => lessonFormValues(lesson));
  const set = <K extends keyof LessonFormValues>(key: K, value: LessonFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const body = lessonBodyOf(values);
  const checks = useFormChecks(lessonPatchBodySchema, body);
  const issueOf = (field: string) => issueText(checks.issues[field] ?? checks.serverIssues[field]);
  const { update, remove } = useLessonMutations();
  const [deleting, setDeleting] = useState(false);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!checks.check()) {
      return;
    }
    update.mutate(
      { id: lesson.id, ...body },
      {
        onSuccess: ({ data }) => {
          notifications.show({ color: 'teal', message: t('courses.editor.saved', { name: data.name }) });
          void navigate(coursesLinks.lesson(app.slug, data.slug));
        },
        onError: checks.takeServerIssues,
      },
    );
  };

  return (
    <div className={classes.editorPage} data-testid="lesson-editor">
      <Title order={1} className={classes.courseTitle} mb="lg">
        {t('courses.editor.title')}
      </Title>
      <form onSubmit={submit} noValidate className={classes.editorForm}>
        <Section title={t('courses.editor.basics')}>
          <TextInput
            label={t('courses.editor.name')}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={issueOf('name')}
            required
            maxLength={courseLimits.name}
            data-testid="lesson-editor-name"
          />
          <TextInput
            label={t('courses.editor.slug')}
            description={t('courses.editor.slugHint')}
            value={values.slug}
            onChange={(event) => set('slug', event.currentTarget.value)}
            error={issueOf('slug')}
            maxLength={courseLimits.slug}
          />
          <div>
            <Text size="sm" fw={500} mb={4} id="lesson-editor-type">
              {t('courses.editor.type')}
            </Text>
            <SegmentedControl
              aria-labelledby="lesson-editor-type"
              value={values.coverType}
              onChange={(value) => set('coverType', value)}
              data={lessonTypeValues.map((value) => ({ value, label: t(`courses.lessonType.${value}`) }))}
            />
          </div>
          <div>
            <Text size="sm" fw={500} mb={4} id="lesson-editor-completion">
              {t('courses.editor.completion')}
            </Text>
            <SegmentedControl
              aria-labelledby="lesson-editor-completion"
              value={values.completion}
              onChange={(value) => set('completion', value)}
              data={lessonCompletionValues.map((value) => ({
                value,
                label: t(`courses.completion.${value}`),
              }))}
            />
          </div>
          <Switch
            label={t('courses.editor.active')}
            description={t('courses.editor.activeHint')}
            checked={values.isActive}
            onChange={(event) => set('isActive', event.currentTarget.checked)}
          />
        </Section>
        <Section title={t('courses.editor.media')}>
          <VideosField
            value={values.videos}
            onChange={(videos) => set('videos', videos)}
            error={issueOf('videos')}
          />
          <FilesField
            label={t('courses.editor.pictures')}
            pickType="photo"
            max={courseLimits.pictures}
            value={values.pictures}
            onChange={(files) => set('pictures', files)}
            error={issueOf('pictureIds')}
            testId="lesson-editor-pictures"
          />
          <FilesField
            label={t('courses.editor.audios')}
            pickType="audio"
            max={courseLimits.audios}
            value={values.audios}
            onChange={(files) => set('audios', files)}
            error={issueOf('audioIds')}
            testId="lesson-editor-audios"
          />
        </Section>
        <Section title={t('courses.editor.content')}>
          <div>
            <Text size="sm" fw={500} mb={4}>
              {t('courses.editor.body')}
            </Text>
            <RichTextEditor
              label={t('courses.editor.body')}
              value={values.body}
              onChange={(html) => set('body', html)}
              error={issueOf('body')}
              minHeight={200}
              testId="lesson-editor-body"
            />
          </div>
          <Textarea
            label={t('courses.editor.speakersNote')}
            value={values.speakersNote}
            onChange={(event) => set('speakersNote', event.currentTarget.value)}
            error={issueOf('speakersNote')}
            autosize
            minRows={3}
            maxLength={courseLimits.speakersNote}
          />
          <FilesField
            label={t('courses.editor.downloads')}
            pickType={null}
            max={courseLimits.downloads}
            value={values.attachments}
            onChange={(files) => set('attachments', files)}
            error={issueOf('attachmentIds')}
            testId="lesson-editor-downloads"
          />
          <LinksField
            value={values.links}
            onChange={(links) => set('links', links)}
            error={issueOf('links')}
          />
          <TodosField
            value={values.todoList}
            onChange={(todos) => set('todoList', todos)}
            error={issueOf('todoList')}
          />
        </Section>
        <Section title={t('courses.editor.schedule')}>
          <DripFields
            value={values.drip}
            onChange={(drip) => set('drip', drip)}
            error={issueOf('dripDays') ?? issueOf('dripDate')}
          />
        </Section>
        <div className={classes.editorActions}>
          {lesson.permissions.can.includes('delete') ? (
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={18} stroke={1.8} />}
              onClick={() => setDeleting(true)}
              mr="auto"
            >
              {t('courses.editor.delete')}
            </Button>
          ) : null}
          <Button variant="default" component={Link} to={coursesLinks.lesson(app.slug, lesson.slug)}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            loading={update.isPending}
            leftSection={<IconDeviceFloppy size={18} stroke={1.8} />}
            data-testid="lesson-editor-save"
          >
            {t('courses.editor.save')}
          </Button>
        </div>
      </form>
      {deleting ? (
        <Modal opened onClose={() => setDeleting(false)} title={t('courses.editor.deleteTitle')}>
          <Text size="sm">{t('courses.editor.deleteText', { name: lesson.name })}</Text>
          <ConfirmActions
            onCancel={() => setDeleting(false)}
            onConfirm={() =>
              remove.mutate(lesson.id, {
                onSuccess: () => void navigate(coursesLinks.course(app.slug, lesson.course.slug)),
              })
            }
            confirmLabel={t('courses.editor.delete')}
            confirmIcon={<IconTrash size={16} stroke={1.8} />}
            loading={remove.isPending}
          />
        </Modal>
      ) : null}
    </div>
  );
}
