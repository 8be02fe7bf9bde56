import { useState } from 'react';
import { Group, NumberInput, Select, Switch, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { gamificationLimits } from '../../../../contracts/gamification';
import type { Status } from '../../../../contracts/gamification-levels';
import { ApiError } from '../../../api/api-error';
import { PictureField, type Picture } from '../../community-settings';
import { LevelIcon, levelIconNames } from '../level-icons';
import { useRewardsAdmin } from '../rewards-api';
import { wholeOrNull } from './rules-section';
import { SettingsFormDialog } from './settings-form-dialog';

/** Adds a level or edits one: name, points threshold, a Tabler icon or an uploaded image, active. */
export function LevelDialog({
  status,
  suggestedPoints,
  onClose,
}: {
  status: Status | null;
  suggestedPoints: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { createStatus, updateStatus } = useRewardsAdmin();
  const [name, setName] = useState(status?.name ?? '');
  const [points, setPoints] = useState<string | number>(status?.points ?? suggestedPoints);
  const [icon, setIcon] = useState<string | null>(status?.icon ?? 'star');
  const [picture, setPicture] = useState<Picture | null>(
    status?.iconImageId ? { id: status.iconImageId, url: status.iconImageUrl } : null,
  );
  const [isActive, setIsActive] = useState(status?.isActive ?? true);
  const mutation = status ? updateStatus : createStatus;
  const fieldErrors = mutation.error instanceof ApiError ? mutation.error.errors : {};
  const [nameMissing, setNameMissing] = useState(false);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setNameMissing(true);
      return;
    }
    const body = {
      name: name.trim(),
      points: wholeOrNull(points) ?? 0,
      icon,
      iconImageId: picture?.id ?? null,
      isActive,
    };
    const done = { onSuccess: onClose };
    if (status) {
      updateStatus.mutate({ id: status.id, ...body }, done);
    } else {
      createStatus.mutate(body, done);
    }
  };

  return (
    <SettingsFormDialog
      title={status ? t('rewards.settings.levels.edit') : t('rewards.settings.levels.add')}
      onClose={onClose}
      onSubmit={submit}
      saving={mutation.isPending}
      testId="level"
    >
      <TextInput
        label={t('rewards.settings.levels.name')}
        value={name}
        onChange={(event) => {
          setName(event.currentTarget.value);
          setNameMissing(false);
        }}
        maxLength={gamificationLimits.statusName}
        required
        error={nameMissing ? t('validation.required') : fieldErrors.name ? t(fieldErrors.name) : null}
        data-autofocus
        data-testid="level-name"
      />
      <NumberInput
        label={t('rewards.settings.levels.points')}
        description={t('rewards.settings.levels.pointsHint')}
        value={points}
        onChange={setPoints}
        min={0}
        max={gamificationLimits.points}
        allowDecimal={false}
        allowNegative={false}
        error={fieldErrors.points ? t(fieldErrors.points) : null}
        data-testid="level-points"
      />
      <Select
        label={t('rewards.settings.levels.icon')}
        data={levelIconNames.map((value) => ({ value, label: t(`rewards.icons.${value}`) }))}
        value={icon}
        onChange={setIcon}
        allowDeselect={false}
        leftSection={<LevelIcon icon={icon} imageUrl={null} size={16} />}
        renderOption={({ option }) => (
          <Group gap={8} wrap="nowrap">
            <LevelIcon icon={option.value} imageUrl={null} size={16} />
            {option.label}
          </Group>
        )}
        disabled={picture !== null}
        data-testid="level-icon"
      />
      <PictureField
        label={t('rewards.settings.levels.image')}
        value={picture}
        onChange={setPicture}
        ratios={['1:1']}
        frameRatio={1}
        testId="level-image"
      />
      <Switch
        label={t('rewards.settings.levels.active')}
        checked={isActive}
        onChange={(event) => setIsActive(event.currentTarget.checked)}
        data-testid="level-active"
      />
    </SettingsFormDialog>
  );
}
