import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCurrentApp } from '../../kernel/current-app';
import { statusesQuery } from './rewards-api';

/**
 * "Mindestlevel" of a space, a course or a group chat (`requiredStatusId`): one of the app's active levels, or
 * none. Shown while the rewards service is on, or when a level is set already (so it can be taken off).
 */
export function RequiredLevelSelect({
  value,
  onChange,
  testId = 'required-level',
}: {
  value: string | null;
  onChange: (statusId: string | null) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const app = useCurrentApp();
  const shown = app.services.rewards || value !== null;
  const levels = useQuery({ ...statusesQuery(app.id), enabled: shown });
  if (!shown) {
    return null;
  }
  const options = (levels.data ?? [])
    .filter((level) => level.isActive || level.id === value)
    .map((level) => ({
      value: level.id,
      label:
        level.level === null ? level.name : t('rewards.levelName', { level: level.level, name: level.name }),
    }));
  return (
    <Select
      label={t('rewards.gate.requiredLevel')}
      description={t('rewards.gate.requiredLevelHint')}
      data={[{ value: '', label: t('rewards.gate.none') }, ...options]}
      value={value ?? ''}
      onChange={(next) => onChange(next ? next : null)}
      allowDeselect={false}
      data-testid={testId}
    />
  );
}

/** "Wird ab Level N (Name) freigeschaltet": what a level-gated lesson or space says to those below it. */
export function useLevelLockText() {
  const { t } = useTranslation();
  return (level: { level: number; name: string }) =>
    t('rewards.gate.locked', { level: level.level, name: level.name });
}
