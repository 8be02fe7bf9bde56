import { useState } from 'react';
import { Button, Group, Modal, NumberInput, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { courseLimits } from '../../../contracts/courses';
import { moduleBodySchema, type CourseModule, type ModuleBody } from '../../../contracts/courses-lessons';
import { useFormChecks, useIssueText } from '../../components/form-issues';
import { useCurrentApp } from '../../kernel/current-app';
import { useLessonMutations, useModuleMutations } from './courses-api';
import { coursesLinks } from './courses-links';

type DripMode = 'none' | 'days' | 'date';

export type DripValues = { mode: DripMode; days: number | string; date: string };

export const dripValuesOf = (
  item: { dripDays: number | null; dripDate: string | null } | null,
): DripValues => ({
  mode: item?.dripDate ? 'date' : item?.dripDays !== null && item?.dripDays !== undefined ? 'days' : 'none',
  days: item?.dripDays ?? 7,
  date: item?.dripDate ?? '',
});

export const dripBodyOf = (drip: DripValues): Pick<ModuleBody, 'dripDays' | 'dripDate'> => ({
  dripDays: drip.mode === 'days' ? Number(drip.days) || 0 : null,
  dripDate: drip.mode === 'date' ? drip.date : null,
});

/** When a module or lesson opens: right away, some days after access began, or on a date. */
export function DripFields({
  value,
  onChange,
  error,
}: {
  value: DripValues;
  onChange: (value: DripValues) => void;
  error?: string | null;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap="xs">
      <Text size="sm" fw={500} id="drip-mode">
        {t('courses.drip.label')}
      </Text>
      <SegmentedControl
        aria-labelledby="drip-mode"
        value={value.mode}
        onChange={(mode) => onChange({ ...value, mode: mode })}
        data={(['none', 'days', 'date'] as const).map((mode) => ({
          value: mode,
          label: t(`courses.drip.${mode}`),
        }))}
      />
      {value.mode === 'days' ? (
        <NumberInput
          label={t('courses.drip.daysLabel')}
          value={value.days}
          onChange={(days) => onChange({ ...value, days })}
          min={0}
          max={courseLimits.dripDays}
          allowDecimal={false}
          error={error}
        />
      ) : null}
      {value.mode === 'date' ? (
        <TextInput
          type="date"
          label={t('courses.drip.dateLabel')}
          value={value.date}
          onChange={(event) => onChange({ ...value, date: event.currentTarget.value })}
          error={error}
          required
        />
      ) : null}
    </Stack>
  );
}

/** A new module (name) or a module's name and drip schedule. */
export function ModuleDialog({
  courseId,
  module,
  onClose,
}: {
  courseId: string;
  module: CourseModule | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const [name, setName] = useState(module?.name ?? '');
  const [drip, setDrip] = useState(() => dripValuesOf(module));
  const body = { name: name.trim(), ...dripBodyOf(drip) };
  const checks = useFormChecks(moduleBodySchema, body);
  const issueOf = (field: string) => issueText(checks.issues[field] ?? checks.serverIssues[field]);
  const { create, update } = useModuleMutations();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!checks.check()) {
      return;
    }
    const options = { onSuccess: onClose, onError: checks.takeServerIssues };
    if (module) {
      update.mutate({ id: module.id, ...body }, options);
    } else {
      create.mutate({ courseId, ...body }, options);
    }
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={t(module ? 'courses.module.editTitle' : 'courses.module.newTitle')}
    >
      <form onSubmit={submit} noValidate data-testid="module-form">
        <Stack gap="md">
          <TextInput
            label={t('courses.module.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={issueOf('name')}
            required
            maxLength={courseLimits.name}
            data-autofocus
          />
          <DripFields value={drip} onChange={setDrip} error={issueOf('dripDays') ?? issueOf('dripDate')} />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button
              type="submit"
              loading={create.isPending || update.isPending}
              leftSection={<IconDeviceFloppy size={18} stroke={1.8} />}
            >
              {t('courses.module.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** A new lesson gets its name here; the editor opens for everything else. */
export function AddLessonDialog({ module, onClose }: { module: CourseModule; onClose: () => void }) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const { create } = useLessonMutations();
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      return;
    }
    create.mutate(
      { moduleId: module.id, name: name.trim() },
      { onSuccess: ({ data }) => void navigate(coursesLinks.editLesson(app.slug, data.slug)) },
    );
  };
  return (
    <Modal opened onClose={onClose} title={t('courses.lesson.newTitle', { module: module.name })}>
      <form onSubmit={submit} noValidate data-testid="lesson-create-form">
        <Stack gap="md">
          <TextInput
            label={t('courses.lesson.name')}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            required
            maxLength={courseLimits.name}
            data-autofocus
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} disabled={!name.trim()}>
              {t('courses.lesson.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
