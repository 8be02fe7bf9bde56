import { useState } from 'react';
import {
  Button,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  SegmentedControl,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  courseAccessValues,
  courseCreateBodySchema,
  courseLimits,
  type Course,
  type CourseAccess,
  type CourseCreateBody,
} from '../../../contracts/courses';
import { courseTypeValues, type CourseType } from '../../../contracts/enums';
import { useFormChecks, useIssueText } from '../../components/form-issues';
import { useCurrentApp } from '../../kernel/current-app';
import { useIsMobile } from '../../kernel/ui-store';
import { RequiredLevelSelect } from '../rewards';
import {
  CourseCoverField,
  courseMediaBody,
  courseMediaValues,
  CourseSpeakerFields,
  type CourseMediaValues,
} from './course-form-media';
import { courseCategoriesQuery, useCourseMutations } from './courses-api';
import { coursesLinks } from './courses-links';

export type CourseFormValues = {
  name: string;
  type: CourseType;
  note: string;
  access: CourseAccess;
  isPublished: boolean;
  modulesName: string;
  categoryIds: string[];
  isMadeModulesObligatory: boolean;
  dripContent: boolean;
  limitAccess: boolean;
  limitAccessByTime: number | string;
  /** The level the lessons ask for (issue 21), or null. */
  requiredStatusId: string | null;
} & CourseMediaValues;

export function courseFormValues(course: Course | null): CourseFormValues {
  return {
    name: course?.name ?? '',
    type: course?.type ?? 'course',
    note: course?.note ?? '',
    access: course?.access ?? 'auth',
    isPublished: course?.isPublished ?? false,
    modulesName: course?.modulesName ?? '',
    categoryIds: course?.categories.map((category) => category.id) ?? [],
    isMadeModulesObligatory: course?.isMadeModulesObligatory ?? false,
    dripContent: course?.dripContent ?? false,
    limitAccess: course ? course.limitAccessByTime !== null : false,
    limitAccessByTime: course?.limitAccessByTime ?? 30,
    requiredStatusId: course?.requiredStatusId ?? null,
    ...courseMediaValues(course),
  };
}

/** The body both POST and PATCH take: access by time only while it is switched on. */
export function courseBodyOf(values: CourseFormValues): CourseCreateBody {
  const { limitAccess, limitAccessByTime, cover, speakers, isSpeakersShown, ...rest } = values;
  return {
    ...rest,
    ...courseMediaBody({ cover, speakers, isSpeakersShown }),
    name: rest.name.trim(),
    limitAccessByTime: limitAccess ? Number(limitAccessByTime) || 0 : null,
  };
}

type CourseFormDialogProps = { course: Course | null; onClose: () => void };

/** "Kurs erstellen" and the course's settings: one form; a new course opens its page. */
export function CourseFormDialog({ course, onClose }: CourseFormDialogProps) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const issueText = useIssueText();
  const categories = useQuery(courseCategoriesQuery(app.id));
  const [values, setValues] = useState(() => courseFormValues(course));
  const set = <K extends keyof CourseFormValues>(key: K, value: CourseFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setMedia = (media: Partial<CourseMediaValues>) => setValues((current) => ({ ...current, ...media }));
  const body = courseBodyOf(values);
  const checks = useFormChecks(courseCreateBodySchema, body);
  const issueOf = (field: string) => issueText(checks.issues[field] ?? checks.serverIssues[field]);
  const { create, update } = useCourseMutations();
  const title = t(course ? 'courses.form.editTitle' : 'courses.form.newTitle');

  const saved = ({ data }: { data: Course }) => {
    notifications.show({ color: 'teal', message: t('courses.form.saved', { name: data.name }) });
    onClose();
    if (!course || course.slug !== data.slug) {
      void navigate(coursesLinks.course(app.slug, data.slug));
    }
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!checks.check()) {
      return;
    }
    const options = { onSuccess: saved, onError: checks.takeServerIssues };
    if (course) {
      update.mutate({ id: course.id, ...body }, options);
    } else {
      create.mutate(body, options);
    }
  };

  return (
    <Modal opened onClose={onClose} title={title} size="lg" fullScreen={isMobile}>
      <form onSubmit={submit} noValidate data-testid="course-form">
        <Stack gap="md">
          <TextInput
            label={t('courses.form.name')}
            value={values.name}
            onChange={(event) => set('name', event.currentTarget.value)}
            error={issueOf('name')}
            required
            maxLength={courseLimits.name}
            data-autofocus
          />
          <Select
            label={t('courses.form.type')}
            data={courseTypeValues.map((value) => ({ value, label: t(`courses.type.${value}`) }))}
            value={values.type}
            onChange={(value) => value && set('type', value)}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
          <Textarea
            label={t('courses.form.note')}
            value={values.note}
            onChange={(event) => set('note', event.currentTarget.value)}
            error={issueOf('note')}
            autosize
            minRows={2}
            maxLength={courseLimits.note}
          />
          <CourseCoverField type={values.type} values={values} onChange={setMedia} issueOf={issueOf} />
          <div>
            <Text size="sm" fw={500} mb={4} id="course-form-access">
              {t('courses.form.access')}
            </Text>
            <SegmentedControl
              aria-labelledby="course-form-access"
              value={values.access}
              onChange={(value) => set('access', value)}
              data={courseAccessValues.map((value) => ({ value, label: t(`courses.access.${value}`) }))}
            />
          </div>
          {(categories.data?.data.length ?? 0) > 0 ? (
            <MultiSelect
              label={t('courses.form.categories')}
              data={(categories.data?.data ?? []).map(({ id, name }) => ({ value: id, label: name }))}
              value={values.categoryIds}
              onChange={(ids) => set('categoryIds', ids)}
              comboboxProps={{ withinPortal: true }}
              clearable
            />
          ) : null}
          <CourseSpeakerFields values={values} onChange={setMedia} issueOf={issueOf} />
          <TextInput
            label={t('courses.form.modulesName')}
            description={t('courses.form.modulesNameHint')}
            placeholder={t('courses.modules')}
            value={values.modulesName}
            onChange={(event) => set('modulesName', event.currentTarget.value)}
            error={issueOf('modulesName')}
            maxLength={courseLimits.modulesName}
          />
          <Switch
            label={t('courses.form.published')}
            checked={values.isPublished}
            onChange={(event) => set('isPublished', event.currentTarget.checked)}
          />
          <Switch
            label={t('courses.form.obligatory')}
            description={t('courses.form.obligatoryHint')}
            checked={values.isMadeModulesObligatory}
            onChange={(event) => set('isMadeModulesObligatory', event.currentTarget.checked)}
          />
          <Switch
            label={t('courses.form.drip')}
            description={t('courses.form.dripHint')}
            checked={values.dripContent}
            onChange={(event) => set('dripContent', event.currentTarget.checked)}
          />
          <RequiredLevelSelect
            value={values.requiredStatusId}
            onChange={(statusId) => set('requiredStatusId', statusId)}
            testId="course-required-level"
          />
          <Switch
            label={t('courses.form.limitAccess')}
            checked={values.limitAccess}
            onChange={(event) => set('limitAccess', event.currentTarget.checked)}
          />
          {values.limitAccess ? (
            <NumberInput
              label={t('courses.form.limitAccessDays')}
              value={values.limitAccessByTime}
              onChange={(value) => set('limitAccessByTime', value)}
              min={1}
              max={courseLimits.limitAccessByTime}
              allowDecimal={false}
              error={issueOf('limitAccessByTime')}
            />
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={create.isPending || update.isPending}
              leftSection={<IconDeviceFloppy size={18} stroke={1.8} />}
              data-testid="course-form-save"
            >
              {t(course ? 'courses.form.save' : 'courses.form.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
